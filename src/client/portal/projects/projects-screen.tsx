import { CheckCircle2, Calendar, FolderKanban, PauseCircle } from 'lucide-react';
import type { QueryClient } from '@tanstack/react-query';
import { lazy, useMemo, useState } from 'react';
import type { Project, ProjectSummary } from '../../../shared/schemas/projects.ts';
import { projectStatuses } from '../../../shared/status-values.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { useListParams } from '../../lists/use-list-params.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { CompanyListScreen } from '../shared/company-list-screen.tsx';
import { PagedListCard } from '../shared/paged-list-card.tsx';
import { SampleNotice } from '../shared/sample-notice.tsx';
import { StatCard, StatGrid } from '../shared/stat-card.tsx';
import { ProjectCard } from './project-card.tsx';
import { ProjectNamesScreen } from './project-names-screen.tsx';
import { useCurrentCompany, type PortalCompany } from '../shared/use-company-query.ts';
import { can } from '../../../shared/permissions.ts';
import { countProjects, filterProjects, type ProjectFilter } from './project-list.ts';
import { sampleProjects } from '../shared/sample-projects.ts';
import { MountWhen } from '../../ui/mount-when.tsx';

// Loaded when a project is first opened, not before the list paints (issue 42).
const ProjectDialog = lazy(() =>
  import('./project-dialog.tsx').then((m) => ({ default: m.ProjectDialog })),
);

const statusFilterOptions = statusOptions('project', 'All');

/** Cards are heavy; a company with thousands of projects sees them a page at a time. */
const PAGE = 24;

/** What the screen reads first, asked for before it opens (its entry hovered or focused). */
export function prefetchProjects(client: QueryClient, company: PortalCompany) {
  void client.prefetchQuery(portalQueries.projectSummary(company.id));
  if (can(company.role, 'projects'))
    void client.prefetchInfiniteQuery(
      portalQueries.projects(company.id, { q: '', limit: String(PAGE) }),
    );
  else void client.prefetchInfiniteQuery(portalQueries.projectNames(company.id, {}));
}

export function ProjectsScreen() {
  const company = useCurrentCompany();
  if (!can(company?.role, 'projects')) return <ProjectNamesScreen />;
  return (
    <CompanyListScreen
      title="Projects"
      intro="Progress, milestones and notes of your projects."
      query={portalQueries.projectSummary}
      what="projects"
    >
      {(summary, company) => <ProjectList summary={summary} company={company} />}
    </CompanyListScreen>
  );
}

const filterValues = { status: projectStatuses };

function ProjectList({
  summary,
  company,
}: {
  summary: ProjectSummary;
  company: { id: string; name: string };
}) {
  // Spec: a company with no projects sees the built-in sample projects, searched here.
  const isSample = summary.total === 0;
  const read = (params: Record<string, string>) =>
    portalQueries.projects(company.id, { ...params, limit: String(PAGE) });
  const list = useListParams(filterValues, isSample ? undefined : read);
  const status = list.filters.status as ProjectFilter;
  const pages = usePagedList(read(list.serverParams), !isSample);
  const [selected, setSelected] = useState<Project | null>(null);
  const counts = isSample ? countProjects(sampleProjects) : summary;
  const sample = useMemo(
    () => (isSample ? filterProjects(sampleProjects, list.search, status) : null),
    [isSample, list.search, status],
  );

  return (
    <>
      {isSample && <SampleNotice company={company.name} what="projects" cards />}
      <StatGrid>
        <StatCard label="Active" value={counts['in-progress']} icon={FolderKanban} />
        <StatCard label="Completed" value={counts.completed} icon={CheckCircle2} />
        <StatCard label="Scheduled" value={counts.scheduled} icon={Calendar} />
        <StatCard label="On Hold" value={counts['on-hold']} icon={PauseCircle} />
      </StatGrid>
      <PagedListCard
        what="projects"
        empty="No projects found"
        list={list}
        filters={[{ name: 'status', prefix: 'Status', options: statusFilterOptions }]}
        pages={pages}
        sample={sample}
        view={{
          renderGrid: (shown) => (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {shown.map((p) => (
                <ProjectCard key={p.id} project={p} onDetails={() => setSelected(p)} />
              ))}
            </div>
          ),
        }}
      />
      <MountWhen when={!!selected}>
        <ProjectDialog project={selected} onClose={() => setSelected(null)} />
      </MountWhen>
    </>
  );
}
