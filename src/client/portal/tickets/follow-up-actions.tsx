import { useQuery } from '@tanstack/react-query';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { Button } from '../../ui/button.tsx';
import { DateTime } from '../../ui/date-time.tsx';
import { followUpQuery, useFollowUpAction } from './follow-up-api.ts';

/**
 * Beyond the spec (ADR 061): "Reopen Ticket" on a closed ticket within the follow-up window,
 * "Mark as Resolved" on a pending one; shown only when the server says the action is open.
 */
export function FollowUpActions({ companyId, ticket }: { companyId: string; ticket: Ticket }) {
  const offer = useQuery({
    ...followUpQuery(companyId, ticket.id),
    enabled: ticket.status !== 'open',
  });
  const act = useFollowUpAction(companyId, ticket.id);
  if (!offer.data || ticket.status === 'open') return null;
  const { reopenUntil, mayResolve } = offer.data;
  if (ticket.status === 'closed' && reopenUntil) {
    return (
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2">
        <Button variant="secondary" disabled={act.isPending} onClick={() => act.mutate('reopen')}>
          {act.isPending ? 'Reopening...' : 'Reopen Ticket'}
        </Button>
        <p className="text-sm text-slate-600">
          Not solved after all? You can reopen it until <DateTime value={reopenUntil} />.
        </p>
      </div>
    );
  }
  if (ticket.status === 'pending' && mayResolve) {
    return (
      <div className="mt-6 flex flex-wrap items-center gap-x-4 gap-y-2 rounded-md border border-slate-200 bg-slate-50 p-4">
        <p className="min-w-0 flex-1 basis-64 text-sm text-slate-700">
          We are waiting on you. If the problem is solved, let us know and we close the ticket.
        </p>
        <Button disabled={act.isPending} onClick={() => act.mutate('resolve')}>
          {act.isPending ? 'Saving...' : 'Mark as Resolved'}
        </Button>
      </div>
    );
  }
  return null;
}
