// "Staff changed a ticket" (status, assignee, company, priority, category, department): the
// staff workspace's one command, owning every effect of the change.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';
import type { ticketUpdateSchema } from '../../../shared/schemas/staff-helpdesk.ts';
import { conflict } from '../../lib/errors.ts';
import { mergeMessages } from '../../../shared/schemas/ticket-merge.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { mergedIntoOf } from './merge-tickets.ts';
import { enqueueRatingMail } from './satisfaction.ts';
import { retargetSlaClock } from './sla.ts';
import { assignTicket } from './ticket-assignment.ts';
import { enqueueTicketUpdateMail, type TicketMailConfig } from './ticket-mails.ts';
import { lockTicket, moveTicket, recordTicketActivity, recordTicketStatus } from './tickets.ts';

const statusLabel = { open: 'Open', pending: 'Pending', closed: 'Closed' } as const;
const priorityLabel = { high: 'High', normal: 'Normal', low: 'Low' } as const;

type Classified = { priority: string; category: string; department: string };

/** What changed among priority, category and department, as the audit's before/after fields. */
function reclassified(before: Classified, after: Partial<Classified>) {
  const changed: Record<string, string> = {};
  for (const key of ['priority', 'category', 'department'] as const) {
    const value = after[key];
    if (value === undefined || value === before[key]) continue;
    changed[key] = value;
    changed[`previous${key[0]!.toUpperCase()}${key.slice(1)}`] = before[key];
  }
  return changed;
}

/**
 * Moves the ticket to another company of its author, assigns it, sets its priority, category
 * and department, and sets its status: a new status writes the activity line, mails the
 * customer's users, moves the SLA clock, and on close asks the author to rate the help (issue
 * 17); a new priority, category or department writes its activity line, and a new priority
 * counts the SLA clock again (`retargetSlaClock`, ADR 059). One audit entry says what changed.
 */
export async function changeTicket(
  tx: Tx,
  config: TicketMailConfig,
  actor: Actor,
  ticketId: string,
  {
    status,
    assignedToUserId,
    customerId,
    priority,
    category,
    department,
  }: z.output<typeof ticketUpdateSchema>,
): Promise<void> {
  const before = await lockTicket(tx, ticketId);
  // A merged ticket is a pointer (ADR 060): its conversation lives on, and reopens, elsewhere.
  const mergedInto = await mergedIntoOf(tx, ticketId);
  if (mergedInto) throw conflict(mergeMessages.alreadyMerged(ticketId, mergedInto));
  const changed = reclassified(before, { priority, category, department });
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
    .set({ status, priority, category, department, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticketId));
  const line = (title: string) =>
    recordTicketActivity(tx, { ticketId, customerId: customerId ?? before.customerId, title });
  // Before a new status: the clock is counted for the new priority, then a close stops it.
  if (priority !== undefined && changed.priority) {
    await retargetSlaClock(tx, ticketId, priority);
    await line(`Ticket ${ticketId} priority changed to ${priorityLabel[priority]}`);
  }
  if (changed.category) await line(`Ticket ${ticketId} category changed to ${changed.category}`);
  if (changed.department)
    await line(`Ticket ${ticketId} department changed to ${changed.department}`);
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
      ...changed,
      ...(assigned ? { assignedToUserId, previousAssignedToUserId: assigned.previous } : {}),
      ...(customerId && movedFrom !== customerId
        ? { customerId, previousCustomerId: movedFrom }
        : {}),
    },
  });
}
