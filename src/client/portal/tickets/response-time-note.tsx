import { useQuery } from '@tanstack/react-query';
import { formatBusinessDuration } from '../../../shared/schemas/sla.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { portalQueries } from '../../lib/portal-queries.ts';

/**
 * "We usually answer within 4 business hours (Mon-Fri 8 AM-6 PM)." from the first-response
 * target of the ticket's priority; nothing until it is known, or once the ticket is closed.
 */
export function ResponseTimeNote({ companyId, ticket }: { companyId: string; ticket: Ticket }) {
  const times = useQuery({ ...portalQueries.responseTimes(companyId), staleTime: 5 * 60_000 });
  const target = times.data?.targets.find((t) => t.priority === ticket.priority);
  if (!target || ticket.status === 'closed') return null;
  return (
    <p className="mt-4 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
      {`We usually answer within ${formatBusinessDuration(target.minutes)} (${times.data?.businessHours}).`}
    </p>
  );
}
