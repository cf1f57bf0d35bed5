import { formatDate } from '../../../shared/format.ts';
import type { Project } from '../../../shared/schemas/projects.ts';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { ProgressBar } from '../shared/progress-bar.tsx';

/** Spec section 9: a project card shows its first 2 milestones. */
const CARD_MILESTONES = 2;

/** End date when completed, otherwise the estimated completion (or "TBD"). */
export function completionLine(p: Project): { label: string; value: string } {
  if (p.status === 'completed') {
    return { label: 'End Date', value: p.endDate ? formatDate(p.endDate) : 'TBD' };
  }
  return {
    label: 'Est. Completion',
    value: p.estimatedCompletion ? formatDate(p.estimatedCompletion) : 'TBD',
  };
}

export function ProjectCard({
  project: p,
  onDetails,
}: {
  project: Project;
  onDetails: () => void;
}) {
  const completion = completionLine(p);
  return (
    <Card role="article" aria-label={p.name} className="flex flex-col gap-4 p-5">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{p.name}</h2>
          <p className="mt-1 text-sm text-slate-600">{p.description}</p>
        </div>
        <StatusBadge kind="project" value={p.status} />
      </div>
      <ProgressBar value={p.progress} label={`${p.name} progress`} />
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-600">Start Date</dt>
          <dd className="text-slate-900">{formatDate(p.startDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{completion.label}</dt>
          <dd className="text-slate-900">{completion.value}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-slate-600">Project Manager</dt>
          <dd className="text-slate-900">{p.projectManager || 'TBD'}</dd>
        </div>
      </dl>
      {p.milestones.length > 0 && (
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Milestones</h3>
          <ul className="mt-2 grid gap-2">
            {p.milestones.slice(0, CARD_MILESTONES).map((m) => (
              <li key={m.id} className="flex items-center justify-between gap-3 text-sm">
                <span className="text-slate-800">{m.title}</span>
                <span className="flex items-center gap-2 whitespace-nowrap text-slate-600">
                  {formatDate(m.dueDate)}
                  <StatusBadge kind="milestone" value={m.status} />
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      <Button variant="secondary" className="mt-auto" onClick={onDetails}>
        View Details
        <span className="sr-only"> of {p.name}</span>
      </Button>
    </Card>
  );
}
