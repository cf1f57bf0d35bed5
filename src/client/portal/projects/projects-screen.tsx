import { CheckCircle2, Calendar, FolderKanban, PauseCircle } from 'lucide-react';
import { useMemo, useState } from 'react';
import type { Project } from '../../../shared/schemas/projects.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { Button } from '../../ui/button.tsx';
import { EmptyState } from '../shared/empty-state.tsx';
import { ListToolbar } from '../shared/list-toolbar.tsx';
import { CompanyListScreen } from '../shared/company-list-screen.tsx';
import { SampleNotice, rowsOrSample } from '../shared/sample-notice.tsx';
import { StatCard, StatGrid } from '../shared/stat-card.tsx';
import { ProjectCard } from './project-card.tsx';
import { ProjectDialog } from './project-dialog.tsx';
import { countProjects, filterProjects, type ProjectFilter } from './project-list.ts';
import { sampleProjects } from '../shared/sample-projects.ts';

const statusFilterOptions = statusOptions('project', 'All');

/** Cards are heavy; a company with thousands of projects sees them a page at a time. */
const PAGE = 24;

export function ProjectsScreen() {
  return (
    <CompanyListScreen
      title="Projects"
      intro="Progress, milestones and notes of your projects."
      query={portalQueries.projects}
      what="projects"
    >
      {(rows, company) => <ProjectList projects={rows} company={company} />}
    </CompanyListScreen>
  );
}

function ProjectList({ projects, company }: { projects: Project[]; company: string }) {
  const { rows, isSample } = rowsOrSample(projects, sampleProjects);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<ProjectFilter>('all');
  const [shown, setShown] = useState(PAGE);
  const [selected, setSelected] = useState<Project | null>(null);
  const counts = useMemo(() => countProjects(rows), [rows]);
  const visible = useMemo(() => filterProjects(rows, search, status), [rows, search, status]);

  return (
    <>
      {isSample && <SampleNotice company={company} what="projects" />}
      <StatGrid>
        <StatCard label="Active" value={counts['in-progress']} icon={FolderKanban} />
        <StatCard label="Completed" value={counts.completed} icon={CheckCircle2} />
        <StatCard label="Scheduled" value={counts.scheduled} icon={Calendar} />
        <StatCard label="On Hold" value={counts['on-hold']} icon={PauseCircle} />
      </StatGrid>
      <ListToolbar
        searchLabel="Search projects"
        search={search}
        onSearch={(v) => {
          setSearch(v);
          setShown(PAGE);
        }}
        filters={[
          {
            label: 'Filter by status',
            prefix: 'Status',
            value: status,
            options: statusFilterOptions,
            onChange: (v) => {
              setStatus(v as ProjectFilter);
              setShown(PAGE);
            },
          },
        ]}
      />
      {visible.length === 0 ? (
        <EmptyState>No projects found</EmptyState>
      ) : (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {visible.slice(0, shown).map((p) => (
            <ProjectCard key={p.id} project={p} onDetails={() => setSelected(p)} />
          ))}
        </div>
      )}
      {visible.length > shown && (
        <div className="flex justify-center">
          <Button variant="secondary" onClick={() => setShown((n) => n + PAGE)}>
            Show more projects ({visible.length - shown} more)
          </Button>
        </div>
      )}
      <ProjectDialog project={selected} onClose={() => setSelected(null)} />
    </>
  );
}
