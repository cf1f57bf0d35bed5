import { useSyncExternalStore } from 'react';
import { businessMinutesBetween } from '../../../shared/business-hours.ts';
import { formatDateTime } from '../../../shared/format.ts';
import { formatShortDuration, type TicketSla } from '../../../shared/schemas/sla.ts';
import { Badge } from '../../ui/badge.tsx';
import { useBusinessHours } from './use-business-hours.ts';

const clockLabel = { 'first-response': 'first response', resolution: 'resolution' } as const;

// One minute ticker shared by every cell of the queue (not one timer per row).
const listeners = new Set<() => void>();
let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) now = Date.now();
  timer ??= setInterval(() => {
    now = Date.now();
    for (const l of listeners) l();
  }, 60_000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}
const useMinute = () =>
  useSyncExternalStore(
    subscribe,
    () => now,
    () => now,
  );

/**
 * The queue's "Time left" cell: business time to the running target, counted here from the
 * due instant with the shared clock (closed days included), and the server's badge (at risk
 * under 20 %, breached, paused). A paused clock shows the time it had left when it stopped.
 */
export function SlaCell({ sla }: { sla: TicketSla }) {
  const at = useMinute();
  const hours = useBusinessHours();
  if (!sla) return <span className="text-slate-500">—</span>;
  const { pausedAt } = sla; // set exactly while the state is 'paused'
  const left = businessMinutesBetween(new Date(pausedAt ?? at), new Date(sla.dueAt), hours);
  const overdue = sla.state === 'breached';
  const title = pausedAt
    ? `Waiting on the customer since ${formatDateTime(pausedAt)}`
    : `Due ${formatDateTime(sla.dueAt)}`;
  return (
    <div className="grid gap-1" title={title}>
      <span className="whitespace-nowrap text-slate-900">
        {overdue ? `${formatShortDuration(left)} over` : `${formatShortDuration(left)} left`}
      </span>
      <span className="flex flex-wrap items-center gap-1 text-xs text-slate-600">
        {sla.state === 'breached' && <Badge tone="red">Breached</Badge>}
        {sla.state === 'at-risk' && <Badge tone="amber">At risk</Badge>}
        {pausedAt && <Badge tone="blue">Paused</Badge>}
        <span>{clockLabel[sla.clock]}</span>
      </span>
    </div>
  );
}
