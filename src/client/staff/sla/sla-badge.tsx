import { formatDateTime } from '../../../shared/format.ts';
import { formatShortDuration, type TicketSla } from '../../../shared/schemas/sla.ts';
import { Badge } from '../../ui/badge.tsx';

const clockLabel = { 'first-response': 'first response', resolution: 'resolution' } as const;

/** The queue's "Time left" cell: business time to the running target, and its badge. */
export function SlaCell({ sla }: { sla: TicketSla }) {
  if (!sla) return <span className="text-slate-500">—</span>;
  const overdue = sla.state === 'breached';
  return (
    <div className="grid gap-1" title={`Due ${formatDateTime(sla.dueAt)}`}>
      <span className="whitespace-nowrap text-slate-900">
        {overdue
          ? `${formatShortDuration(sla.minutesLeft)} over`
          : `${formatShortDuration(sla.minutesLeft)} left`}
      </span>
      <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
        {sla.state === 'breached' && <Badge tone="red">Breached</Badge>}
        {sla.state === 'at-risk' && <Badge tone="amber">At risk</Badge>}
        <span>{clockLabel[sla.clock]}</span>
      </span>
    </div>
  );
}
