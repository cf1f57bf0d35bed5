import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { Badge, type BadgeTone } from '../../ui/badge.tsx';

const statusTone: Record<Ticket['status'], BadgeTone> = {
  open: 'blue',
  pending: 'yellow',
  closed: 'gray',
};
const priorityTone: Record<Ticket['priority'], BadgeTone> = {
  high: 'red',
  normal: 'blue',
  low: 'gray',
};
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export function TicketStatusBadge({ status }: { status: Ticket['status'] }) {
  return <Badge tone={statusTone[status]}>{capitalize(status)}</Badge>;
}

export function TicketPriorityBadge({ priority }: { priority: Ticket['priority'] }) {
  return <Badge tone={priorityTone[priority]}>{capitalize(priority)}</Badge>;
}
