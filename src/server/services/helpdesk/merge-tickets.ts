// "Staff merged a ticket into another" (ADR 060): the one command for the ticket screen's
// "Merge Into…" and the queue's bulk merge. The merged ticket's conversation, files, notes,
// people in copy, mail thread and logged time join the survivor; the merged one stays, closed,
// as a pointer.
import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  ticketAttachments,
  ticketMessages,
  ticketNotes,
  ticketReplies,
  tickets,
  ticketWatchers,
  timeEntries,
  users,
} from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { mergeMessages } from '../../../shared/schemas/ticket-merge.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { recordTicketActivity, recordTicketStatus, TICKET_NOT_FOUND } from './tickets.ts';

/** Both tickets locked in id order, so two merges of the same pair cannot deadlock. */
async function lockPair(tx: Tx, ids: [string, string]) {
  const rows = await tx
    .select({
      id: tickets.id,
      customerId: tickets.customerId,
      status: tickets.status,
      subject: tickets.subject,
      description: tickets.description,
      private: tickets.private,
      author: tickets.createdByUserId,
      mergedInto: tickets.mergedIntoTicketId,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .where(inArray(tickets.id, ids))
    .orderBy(tickets.id)
    .for('update');
  const [from, into] = ids.map((id) => rows.find((r) => r.id === id));
  if (!from || !into) throw notFound(TICKET_NOT_FOUND);
  return { from, into };
}

/** The merged ticket's description becomes a message of the survivor, at its time, with its files. */
async function moveDescription(
  tx: Tx,
  from: { id: string; description: string; author: string | null; createdAt: Date },
  intoId: string,
) {
  const [author] = from.author
    ? await tx
        .select({ name: sql<string>`btrim(${users.firstName} || ' ' || ${users.lastName})` })
        .from(users)
        .where(eq(users.id, from.author))
    : [];
  const [message] = await tx
    .insert(ticketReplies)
    .values({
      ticketId: intoId,
      message: from.description,
      author: author?.name ?? 'Former user',
      authorUserId: from.author,
      isAgent: false,
      createdAt: from.createdAt,
    })
    .returning({ id: ticketReplies.id });
  await tx
    .update(ticketAttachments)
    .set({ ticketId: intoId, replyId: message!.id })
    .where(and(eq(ticketAttachments.ticketId, from.id), isNull(ticketAttachments.replyId)));
}

/**
 * People in copy of the merged ticket, and its author, are in copy of the survivor (each once,
 * never the survivor's author), so whoever read the merged conversation reads it where it went.
 */
async function moveWatchers(tx: Tx, fromId: string, into: { id: string; author: string | null }) {
  const readers = await tx
    .select({ userId: ticketWatchers.userId })
    .from(ticketWatchers)
    .where(eq(ticketWatchers.ticketId, fromId));
  const [from] = await tx
    .select({ author: tickets.createdByUserId })
    .from(tickets)
    .where(eq(tickets.id, fromId));
  const userIds = new Set([
    ...readers.map((r) => r.userId),
    ...(from?.author ? [from.author] : []),
  ]);
  if (into.author) userIds.delete(into.author);
  if (userIds.size > 0) {
    await tx
      .insert(ticketWatchers)
      .values([...userIds].map((userId) => ({ ticketId: into.id, userId })))
      .onConflictDoNothing();
  }
  await tx.delete(ticketWatchers).where(eq(ticketWatchers.ticketId, fromId));
}

/** The conversation's line on both tickets, seen by the customer's users and the staff. */
async function recordMergeEvents(tx: Tx, actor: Actor, fromId: string, intoId: string) {
  const line = (ticketId: string, message: string) => ({
    ticketId,
    kind: 'merged' as const,
    message,
    author: actor.name,
    authorUserId: actor.id,
    isAgent: false,
  });
  await tx
    .insert(ticketReplies)
    .values([
      line(fromId, `${actor.name} merged this ticket into ${intoId}`),
      line(intoId, `${actor.name} merged ${fromId} into this ticket`),
    ]);
}

/**
 * Merges `ticketId` into `intoTicketId`, both of one company. Refused: into itself (400),
 * either already merged, another company's, or a private ticket with another author (409: its
 * conversation would reach people who may not read it). The survivor's SLA clock stays as it
 * was; the merged one is closed and its clock stops, without the rating mail (nobody solved it).
 */
export async function mergeTicket(
  tx: Tx,
  actor: Actor,
  { ticketId, intoTicketId }: { ticketId: string; intoTicketId: string },
): Promise<void> {
  if (ticketId === intoTicketId) throw badRequest(mergeMessages.itself);
  const { from, into } = await lockPair(tx, [ticketId, intoTicketId]);
  for (const t of [from, into]) {
    if (t.mergedInto) throw conflict(mergeMessages.alreadyMerged(t.id, t.mergedInto));
  }
  if (from.customerId !== into.customerId) throw conflict(mergeMessages.otherCompany);
  if ((from.private || into.private) && from.author !== into.author) {
    throw conflict(mergeMessages.privateAuthor);
  }

  await moveDescription(tx, from, into.id);
  const moved = { ticketId: into.id };
  const replies = await tx
    .update(ticketReplies)
    .set(moved)
    .where(and(eq(ticketReplies.ticketId, from.id), ne(ticketReplies.kind, 'merged')))
    .returning({ id: ticketReplies.id });
  await tx.update(ticketAttachments).set(moved).where(eq(ticketAttachments.ticketId, from.id));
  await tx.update(ticketNotes).set(moved).where(eq(ticketNotes.ticketId, from.id));
  // The hours spent on the merged ticket count on the survivor (time-entries.ts refuses new ones).
  const time = await tx
    .update(timeEntries)
    .set(moved)
    .where(eq(timeEntries.ticketId, from.id))
    .returning({ id: timeEntries.id });
  // Answers to the merged ticket's mails name these ids: intake now finds the survivor.
  await tx.update(ticketMessages).set(moved).where(eq(ticketMessages.ticketId, from.id));
  await moveWatchers(tx, from.id, into);
  // Tickets merged into this one before now point at the survivor: a pointer is one step.
  await tx
    .update(tickets)
    .set({ mergedIntoTicketId: into.id })
    .where(eq(tickets.mergedIntoTicketId, from.id));

  await tx
    .update(tickets)
    .set({ status: 'closed', mergedIntoTicketId: into.id, updatedAt: sql`now()` })
    .where(eq(tickets.id, from.id));
  await tx
    .update(tickets)
    .set({ updatedAt: sql`now()` })
    .where(eq(tickets.id, into.id));
  if (from.status !== 'closed') await recordTicketStatus(tx, from, 'closed');
  await recordMergeEvents(tx, actor, from.id, into.id);
  // One line on the company's card; each ticket's conversation has its own (above).
  await recordTicketActivity(tx, {
    ticketId: into.id,
    customerId: into.customerId,
    title: `Ticket ${from.id} merged into ${into.id}`,
  });
  await recordAudit(tx, actor, {
    action: 'ticket.merge',
    entityType: 'ticket',
    entityId: from.id,
    customerId: from.customerId,
    details: {
      intoTicketId: into.id,
      previousStatus: from.status,
      replies: replies.length,
      timeEntries: time.length,
    },
  });
}

/** The ticket staff merged `ticketId` into, if they did. */
export async function mergedIntoOf(tx: Tx, ticketId: string): Promise<string | undefined> {
  const [row] = await tx
    .select({ mergedInto: tickets.mergedIntoTicketId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return row?.mergedInto ?? undefined;
}

/** The ticket a reply to `ticketId` belongs on: the survivor if staff merged it, else itself. */
export const survivorOf = async (tx: Tx, ticketId: string): Promise<string> =>
  (await mergedIntoOf(tx, ticketId)) ?? ticketId;
