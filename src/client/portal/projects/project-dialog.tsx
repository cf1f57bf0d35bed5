import { formatDate } from '../../../shared/format.ts';
import type { Project } from '../../../shared/schemas/projects.ts';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ProgressBar } from '../shared/progress-bar.tsx';
import { completionLine } from './project-card.tsx';

/** View Details: every milestone (with its completed date) and the project notes. */
export function ProjectDialog({
  project: p,
  onClose,
}: {
  project: Project | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={!!p} onOpenChange={(open) => !open && onClose()}>
      {p && (
        <DialogContent title={p.name} description={p.description} className="max-w-2xl">
          <div className="grid gap-5">
            <div className="flex items-center gap-3">
              <StatusBadge kind="project" value={p.status} />
              <div className="flex-1">
                <ProgressBar value={p.progress} label={`${p.name} progress`} />
              </div>
            </div>
            {/* Two columns on a phone: three broke "Est. Completion" and "Project Manager"
                over two lines at 390 px (review V14). */}
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-slate-600">Start Date</dt>
                <dd>{formatDate(p.startDate)}</dd>
              </div>
              <div>
                <dt className="text-slate-600">{completionLine(p).label}</dt>
                <dd>{completionLine(p).value}</dd>
              </div>
              <div>
                <dt className="text-slate-600">Project Manager</dt>
                <dd>{p.projectManager || 'TBD'}</dd>
              </div>
            </dl>
            <section>
              <h3 className="text-sm font-semibold text-slate-900">Milestones</h3>
              {p.milestones.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">No milestones yet.</p>
              ) : (
                <ol className="mt-2 grid gap-3">
                  {p.milestones.map((m) => (
                    <li key={m.id} className="rounded-md border border-slate-200 p-3 text-sm">
                      <div className="flex items-center justify-between gap-3">
                        <span className="font-medium text-slate-900">{m.title}</span>
                        <StatusBadge kind="milestone" value={m.status} />
                      </div>
                      {m.description && <p className="mt-1 text-slate-600">{m.description}</p>}
                      <p className="mt-1 text-xs text-slate-600">
                        Due {formatDate(m.dueDate)}
                        {m.completedDate && ` · Completed ${formatDate(m.completedDate)}`}
                      </p>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section>
              <h3 className="text-sm font-semibold text-slate-900">Notes</h3>
              <p className="mt-2 text-sm whitespace-pre-line text-slate-700">
                {p.notes || 'No notes.'}
              </p>
            </section>
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}
