// "Staff changed a ticket" (status, assignee, company): the staff workspace's one command,
// owning every effect of the change.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';
import type { ticketUpdateSchema } from '../../../shared/schemas/staff-helpdesk.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { enqueueRatingMail } from './satisfaction.ts';
import { assignTicket } from './ticket-assignment.ts';
import { enqueueTicketUpdateMail, type TicketMailConfig } from './ticket-mails.ts';
import { lockTicket, moveTicket, recordTicketActivity, recordTicketStatus } from './tickets.ts';

const statusLabel = { open: 'Open', pending: 'Pending', closed: 'Closed' } as const;

/**
 * Moves the ticket to another company of its author, assigns it, and sets its status: a new
 * status writes the activity line, mails the customer's users, moves the SLA clock, and on
 * close asks the author to rate the help (issue 17). One audit entry says what changed.
 */
export async function changeTicket(
  tx: Tx,
  config: TicketMailConfig,
  actor: Actor,
  ticketId: string,
  { status, assignedToUserId, customerId }: z.output<typeof ticketUpdateSchema>,
): Promise<void> {
  const before = await lockTicket(tx, ticketId);
  const movedFrom = customerId ? await moveTicket(tx, ticketId, customerId) : undefined;
  const assigned =
    assignedToUserId !== undefined
      ? await assignTicket(tx, {
          ticketId,
          customerId: customerId ?? before.customerId,
          assigneeId: assignedToUserId,
        })
      : undefined;
  await tx
    .update(tickets)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticketId));
  if (status !== undefined && status !== before.status) {
    await recordTicketActivity(tx, {
      ticketId,
      customerId: before.customerId,
      title: `Ticket ${ticketId} status changed to ${statusLabel[status]}`,
    });
    // The customer's users hear of it by e-mail (their preferences).
    await enqueueTicketUpdateMail(tx, config, { ticketId, kind: 'status', status });
    await recordTicketStatus(
      tx,
      { id: ticketId, customerId: customerId ?? before.customerId, subject: before.subject },
      status,
    );
    if (status === 'closed') await enqueueRatingMail(tx, config, ticketId);
  }
  await recordAudit(tx, actor, {
    action: 'ticket.update',
    entityType: 'ticket',
    entityId: ticketId,
    customerId: customerId ?? before.customerId,
    details: {
      ...(status !== undefined ? { status, previousStatus: before.status } : {}),
      ...(assigned ? { assignedToUserId, previousAssignedToUserId: assigned.previous } : {}),
      ...(customerId && movedFrom !== customerId
        ? { customerId, previousCustomerId: movedFrom }
        : {}),
    },
  });
}
