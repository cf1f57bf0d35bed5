// The rules of a ticket's row that the help desk's commands share (open-ticket.ts, replies.ts,
// change-ticket.ts): the lock, a new ticket, the activity line, a move, a status's clock.
// Doors (portal, staff, mail) write through the commands; they only check with `lockTicket`.
import { and, eq, notExists, notInArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  customerUsers,
  ticketReplies,
  tickets,
  ticketWatchers,
  timeEntries,
  users,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { NewTicket, TicketChannel } from '../../../shared/schemas/tickets.ts';
import type { Actor } from '../actor.ts';
import { recordActivity } from '../activity.ts';
import { recordEvent } from '../domain-events.ts';
import {
  pauseResolutionClock,
  recordResolution,
  resumeResolutionClock,
  startSlaClock,
} from './sla.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';

/**
 * The ticket's row, locked until the transaction ends, so a reply cannot slip in while
 * someone closes it. With `customerId`, only a ticket of that company (404 otherwise).
 */
export async function lockTicket(tx: Tx, ticketId: string, customerId?: string) {
  const [row] = await tx
    .select({
      status: tickets.status,
      subject: tickets.subject,
      customerId: tickets.customerId,
      priority: tickets.priority,
      category: tickets.category,
      department: tickets.department,
      mergedInto: tickets.mergedIntoTicketId,
    })
    .from(tickets)
    .where(
      and(eq(tickets.id, ticketId), customerId ? eq(tickets.customerId, customerId) : undefined),
    )
    .for('update');
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return row;
}

/**
 * A new ticket starts `open` and shows on its company's activity card ("opened by Sam Agent by
 * phone" when an agent opened it for its author); returns its id.
 */
export async function createTicket(
  tx: Tx,
  {
    customerId,
    author,
    input,
    channel,
    openedBy,
  }: {
    customerId: string;
    author: Actor;
    input: NewTicket;
    channel: TicketChannel;
    openedBy?: { id: string; note: string };
  },
): Promise<string> {
  const [row] = await tx
    .insert(tickets)
    .values({
      ...input,
      customerId,
      status: 'open',
      createdByUserId: author.id,
      channel,
      openedByUserId: openedBy?.id ?? null,
    })
    .returning({ id: tickets.id, createdAt: tickets.createdAt });
  if (!row) throw new Error('ticket not inserted');
  await startSlaClock(tx, {
    id: row.id,
    customerId,
    priority: input.priority,
    openedAt: row.createdAt,
  });
  await recordEvent(tx, {
    type: 'ticket.created',
    customerId,
    entityId: row.id,
    data: { ticketId: row.id, subject: input.subject, priority: input.priority },
  });
  // The activity feed is the whole company's: a private ticket's subject stays out of it.
  if (!input.private)
    await recordActivity(
      tx,
      customerId,
      'ticket',
      `Ticket created: ${input.subject}${openedBy ? ` (opened by ${openedBy.note})` : ''}`,
    );
  return row.id;
}

/**
 * A line about an existing ticket on its company's activity card, unless the ticket is
 * private: the feed is read by the whole company, a private ticket only by its author and the
 * admins (issue 18), so not even its number goes there.
 */
export async function recordTicketActivity(
  tx: Tx,
  { ticketId, customerId, title }: { ticketId: string; customerId: string; title: string },
): Promise<void> {
  const [row] = await tx
    .select({ private: tickets.private })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!row || row.private) return;
  await recordActivity(tx, customerId, 'ticket', title);
}

export const NOT_AUTHORS_COMPANY = "The ticket's author is not a user of that company";
export const NOT_WRITERS_COMPANY = 'Someone who wrote on this ticket is not a user of that company';

/**
 * Moves a ticket to another company of its author (a user of several companies whose mail
 * went to the wrong one); never to a company the author does not belong to, whose users
 * would then read it. Returns the company it left.
 */
export async function moveTicket(tx: Tx, ticketId: string, customerId: string): Promise<string> {
  const [row] = await tx
    .select({ customerId: tickets.customerId, author: tickets.createdByUserId })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('update');
  if (!row) throw notFound(TICKET_NOT_FOUND);
  if (row.customerId === customerId) return row.customerId;
  const [member] = row.author
    ? await tx
        .select({ userId: customerUsers.userId })
        .from(customerUsers)
        .where(
          and(
            eq(customerUsers.userId, row.author),
            eq(customerUsers.customerId, customerId),
            // A member taken off the company is not one of its users (outside attack, 2026-11-28).
            eq(customerUsers.active, true),
          ),
        )
    : [];
  if (!member) throw badRequest(NOT_AUTHORS_COMPANY);
  // The conversation moves too: a colleague's reply, or a merged ticket's messages (ADR 060),
  // would otherwise be read by a company its writer is not in (outside attack, issue 38).
  const [outsider] = await tx
    .select({ id: ticketReplies.id })
    .from(ticketReplies)
    .innerJoin(users, eq(users.id, ticketReplies.authorUserId))
    .where(
      and(
        eq(ticketReplies.ticketId, ticketId),
        eq(users.role, 'customer'),
        notExists(
          tx
            .select({ userId: customerUsers.userId })
            .from(customerUsers)
            .where(
              and(
                eq(customerUsers.userId, users.id),
                eq(customerUsers.customerId, customerId),
                eq(customerUsers.active, true),
              ),
            ),
        ),
      ),
    )
    .limit(1);
  if (outsider) throw badRequest(NOT_WRITERS_COMPANY);
  await tx
    .update(tickets)
    .set({ customerId, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticketId));
  // Colleagues in copy are the old company's: only the new company's active users stay, so
  // the new company never reads another company's names (outside attack, 2026-11-28).
  await tx.delete(ticketWatchers).where(
    and(
      eq(ticketWatchers.ticketId, ticketId),
      notInArray(
        ticketWatchers.userId,
        tx
          .select({ userId: customerUsers.userId })
          .from(customerUsers)
          .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.active, true))),
      ),
    ),
  );
  // Hours logged on the ticket were worked for the company it really belongs to; the old
  // company's project does not go with them (a time entry's ticket is always of its company).
  await tx
    .update(timeEntries)
    .set({ customerId, projectId: null })
    .where(eq(timeEntries.ticketId, ticketId));
  await recordTicketActivity(tx, { ticketId, customerId, title: `Ticket moved here: ${ticketId}` });
  return row.customerId;
}

/**
 * A ticket's status moved to `status` (any door): pending pauses the resolution clock, leaving
 * pending runs it again; a close stops it and tells `ticket.closed`.
 */
export async function recordTicketStatus(
  tx: Tx,
  ticket: { id: string; customerId: string; subject: string },
  status: string,
) {
  if (status === 'pending') {
    await recordResolution(tx, ticket.id, false);
    await pauseResolutionClock(tx, ticket.id);
    return;
  }
  await resumeResolutionClock(tx, ticket.id);
  await recordResolution(tx, ticket.id, status === 'closed');
  if (status !== 'closed') return;
  await recordEvent(tx, {
    type: 'ticket.closed',
    customerId: ticket.customerId,
    entityId: ticket.id,
    data: { ticketId: ticket.id, subject: ticket.subject },
  });
}
