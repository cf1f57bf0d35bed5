import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ticketNotes, tickets } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { TicketNote } from '../../../shared/schemas/ticket-notes.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { TICKET_NOT_FOUND } from './tickets.ts';

const toNote = (row: typeof ticketNotes.$inferSelect): TicketNote => ({
  id: row.id,
  author: row.authorName,
  body: row.body,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Adds an agent's internal note (issue 17). Only the staff door calls this: nothing about it
 * reaches the customer — no activity entry, no mail, no change to the ticket's `updatedAt`.
 */
export async function addNote(
  tx: Tx,
  actor: Actor,
  { ticketId, body }: { ticketId: string; body: string },
): Promise<TicketNote> {
  const [ticket] = await tx
    .select({ customerId: tickets.customerId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  const [row] = await tx
    .insert(ticketNotes)
    .values({ ticketId, authorUserId: actor.id, authorName: actor.name, body })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await recordAudit(tx, actor, {
    action: 'ticket.note',
    entityType: 'ticket',
    entityId: ticketId,
    customerId: ticket.customerId,
    details: { noteId: row.id },
  });
  return toNote(row);
}

/** A ticket's internal notes, oldest first (staff only). */
export async function listTicketNotes(db: Db, ticketId: string): Promise<TicketNote[]> {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  const rows = await db
    .select()
    .from(ticketNotes)
    .where(eq(ticketNotes.ticketId, ticketId))
    .orderBy(asc(ticketNotes.createdAt));
  return rows.map(toNote);
}
