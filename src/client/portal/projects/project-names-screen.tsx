import type { ProjectName } from '../../../shared/schemas/projects.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { Card } from '../../ui/card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { CompanyListScreen } from '../shared/company-list-screen.tsx';
import { ListBody } from '../shared/list-body.tsx';
import { LoadMore } from '../../lists/load-more.tsx';
import { usePagedList } from '../../lists/use-paged-list.ts';

/** Issue 18: billing and member roles see which projects run, not their details. */
export function ProjectNamesScreen() {
  return (
    <CompanyListScreen
      title="Projects"
      intro="Your company's projects and their status. Ask an admin for the details."
      query={portalQueries.projectSummary}
      what="projects"
    >
      {(_summary, company) => <ProjectNames companyId={company.id} />}
    </CompanyListScreen>
  );
}

function ProjectNames({ companyId }: { companyId: string }) {
  const pages = usePagedList(portalQueries.projectNames(companyId, {}));
  const more = pages.total - pages.rows.length;
  // In a card like every list's rows and empty state, with the spec's empty text (looked at
  // 2026-11-28: "No projects yet." floated bare on the page).
  return (
    <Card>
      <ListBody
        rows={pages.rows}
        pending={pages.isPending}
        stale={pages.isStale}
        error={pages.error}
        onRetry={() => void pages.refetch()}
        what="projects"
        empty="No projects found"
      >
        {(rows: readonly ProjectName[]) => (
          <div className="divide-y divide-slate-200">
            {rows.map((p) => (
              <div key={p.id} className="flex items-center justify-between gap-4 p-4">
                <span className="font-medium text-slate-900">{p.name}</span>
                <StatusBadge kind="project" value={p.status} />
              </div>
            ))}
          </div>
        )}
      </ListBody>
      {more > 0 && pages.hasMore && (
        <LoadMore label={`Show more projects (${more} more)`} onLoad={pages.loadMore} />
      )}
    </Card>
  );
}
