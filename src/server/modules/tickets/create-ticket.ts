import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { activities, customers, tickets } from '../../db/schema.ts';
import type { SessionUser } from '../../services/sessions.ts';
import type { NewTicket, Ticket } from '../../../shared/schemas/tickets.ts';
import type { Config } from '../../config.ts';
import { enqueueNewTicketMails } from '../../services/ticket-mails.ts';
import { findTicket } from './queries.ts';

/** A customer opens a ticket: it starts `open`, shows in the company's activity, and is e-mailed. */
export async function createTicket(
  app: FastifyInstance,
  config: Config,
  customerId: string,
  user: SessionUser,
  input: NewTicket,
): Promise<Ticket> {
  const ticket = await app.write(async (tx) => {
    const [row] = await tx
      .insert(tickets)
      .values({ ...input, customerId, status: 'open', createdByUserId: user.id })
      .returning({ id: tickets.id });
    if (!row) throw new Error('ticket not inserted');
    await tx
      .insert(activities)
      .values({ customerId, type: 'ticket', title: `Ticket created: ${input.subject}` });
    const [customer] = await tx
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.id, customerId));
    await enqueueNewTicketMails(tx, config, {
      ticket: { id: row.id, ...input },
      author: { name: `${user.firstName} ${user.lastName}`, email: user.email },
      customerName: customer?.name ?? '',
    });
    return findTicket(tx, customerId, row.id);
  });
  if (!ticket) throw new Error('created ticket not found');
  return ticket;
}
