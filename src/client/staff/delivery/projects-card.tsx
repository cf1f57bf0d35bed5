import { useState } from 'react';
import { formatDate, formatProjectStart } from '../../../shared/format.ts';
import type { StaffMilestone } from '../../../shared/schemas/milestones.ts';
import type { StaffProject } from '../../../shared/schemas/projects.ts';
import { Button } from '../../ui/button.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { MilestoneDialog } from './milestone-dialog.tsx';
import { ProjectDialog } from './project-dialog.tsx';

type Editing =
  | { kind: 'project'; project?: StaffProject }
  | { kind: 'milestone'; projectId: string; milestone?: StaffMilestone }
  | null;

/** A company's projects with progress and milestones, newest start first, in pages (issue 20); each editable. */
export function ProjectsCard({ companyId }: { companyId: string }) {
  const [editing, setEditing] = useState<Editing>(null);
  const projects = usePagedList(staffQueries.projects(companyId));
  // Projects are the admins' to change (ADR 058); the other roles follow their progress.
  const canEdit = useStaffCan('companies');
  return (
    <>
      <ListCard
        title="Projects"
        action={
          canEdit && <Button onClick={() => setEditing({ kind: 'project' })}>New Project</Button>
        }
        pages={projects}
        empty="No projects found"
        what="projects"
        one="project"
      >
        {(rows) => (
          <ul className="divide-y divide-slate-100">
            {rows.map((p) => (
              <li key={p.id} className="grid gap-3 p-5">
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900">{p.name}</h3>
                    <StatusBadge kind="project" value={p.status} />
                    <span className="text-sm text-slate-600">
                      {p.progress}% · {formatProjectStart(p.startDate)}
                      {p.projectManager ? ` · ${p.projectManager}` : ''}
                    </span>
                  </div>
                  {canEdit && (
                    <div className="flex gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEditing({ kind: 'project', project: p })}
                        aria-label={`Edit project ${p.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEditing({ kind: 'milestone', projectId: p.id })}
                        aria-label={`Add milestone to ${p.name}`}
                      >
                        Add Milestone
                      </Button>
                    </div>
                  )}
                </div>
                <div
                  role="progressbar"
                  aria-label={`${p.name} progress`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={p.progress}
                  className="h-2 rounded-full bg-slate-200"
                >
                  <div
                    className="h-2 rounded-full bg-brand-600"
                    style={{ width: `${p.progress}%` }}
                  />
                </div>
                {p.milestones.length > 0 && (
                  <ul className="grid gap-1 text-sm">
                    {p.milestones.map((m) => (
                      <li key={m.id} className="flex flex-wrap items-center justify-between gap-2">
                        <span>
                          {m.title} · due {formatDate(m.dueDate)}
                          {m.completedDate
                            ? ` · completed ${formatDate(m.completedDate)}`
                            : ''}{' '}
                          <StatusBadge kind="milestone" value={m.status} />
                        </span>
                        {canEdit && (
                          <Button
                            variant="ghost"
                            size="sm"
                            onClick={() =>
                              setEditing({ kind: 'milestone', projectId: p.id, milestone: m })
                            }
                            aria-label={`Edit milestone ${m.title}`}
                          >
                            Edit
                          </Button>
                        )}
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        )}
      </ListCard>
      {editing?.kind === 'project' && (
        <ProjectDialog
          companyId={companyId}
          project={editing.project}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'milestone' && (
        <MilestoneDialog
          projectId={editing.projectId}
          milestone={editing.milestone}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
