import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { ticketReplies, tickets } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../services/sessions.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import { enqueueCustomerReplyMail } from '../../services/ticket-mails.ts';
import { findTicket } from './queries.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';
export const TICKET_CLOSED = 'This ticket is closed. Please open a new ticket.';

/**
 * A customer's reply: `isAgent: false`, authored by the user's name. The ticket row
 * is locked so a reply cannot slip in while staff close it.
 */
export async function addCustomerReply(
  app: FastifyInstance,
  config: Config,
  customerId: string,
  ticketId: string,
  user: SessionUser,
  message: string,
): Promise<Ticket> {
  const author = `${user.firstName} ${user.lastName}`;
  const ticket = await app.write(async (tx) => {
    const [current] = await tx
      .select({ status: tickets.status, subject: tickets.subject })
      .from(tickets)
      .where(and(eq(tickets.id, ticketId), eq(tickets.customerId, customerId)))
      .for('update');
    if (!current) throw notFound(TICKET_NOT_FOUND);
    if (current.status === 'closed') throw conflict(TICKET_CLOSED);
    await tx
      .insert(ticketReplies)
      .values({ ticketId, message, author, authorUserId: user.id, isAgent: false });
    await tx
      .update(tickets)
      .set({ updatedAt: sql`now()` })
      .where(eq(tickets.id, ticketId));
    await enqueueCustomerReplyMail(tx, config, {
      ticketId,
      subject: current.subject,
      author: { name: author, email: user.email },
      message,
    });
    return findTicket(tx, customerId, ticketId);
  });
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return ticket;
}
