// The queue's bulk actions (ADR 060): the single action's own command once per selected
// ticket, in the caller's one transaction, so a refusal anywhere leaves every ticket as it was.
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { badRequest, HttpError } from '../../lib/errors.ts';
import { mergeMessages, type bulkTicketSchema } from '../../../shared/schemas/ticket-merge.ts';
import type { Actor } from '../actor.ts';
import { changeTicket } from './change-ticket.ts';
import { mergeTicket } from './merge-tickets.ts';
import type { TicketMailConfig } from './ticket-mails.ts';

type BulkAction = z.output<typeof bulkTicketSchema>;

/** Runs the action on each ticket in turn; a refusal names its ticket. Returns the tickets done. */
export async function bulkChangeTickets(
  tx: Tx,
  config: TicketMailConfig,
  actor: Actor,
  action: BulkAction,
): Promise<string[]> {
  // One order for every bulk action, so two of them over the same rows cannot deadlock. A merge's
  // survivor may be among the selected rows; it is not merged into itself, nor answered as done.
  const ticketIds = [...new Set(action.ticketIds)]
    .filter((id) => action.action !== 'merge' || id !== action.intoTicketId)
    .sort();
  if (ticketIds.length === 0) throw badRequest(mergeMessages.itself);
  for (const ticketId of ticketIds) {
    try {
      await applyTo(tx, config, actor, ticketId, action);
    } catch (err) {
      if (err instanceof HttpError)
        throw new HttpError(err.statusCode, `${ticketId}: ${err.message}`);
      throw err;
    }
  }
  return ticketIds;
}

function applyTo(
  tx: Tx,
  config: TicketMailConfig,
  actor: Actor,
  ticketId: string,
  action: BulkAction,
): Promise<void> {
  switch (action.action) {
    case 'assign':
      return changeTicket(tx, config, actor, ticketId, {
        assignedToUserId: action.assignedToUserId,
      });
    case 'status':
      return changeTicket(tx, config, actor, ticketId, { status: action.status });
    case 'priority':
      return changeTicket(tx, config, actor, ticketId, { priority: action.priority });
    case 'merge':
      return mergeTicket(tx, actor, { ticketId, intoTicketId: action.intoTicketId });
  }
}
