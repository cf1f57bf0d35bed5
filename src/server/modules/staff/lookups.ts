import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { tickets } from '../../db/schema.ts';
import { TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import { notFound } from '../../lib/errors.ts';

/** Any company's ticket by its id in any case (staff see every one), or 404. */
export async function requireTicket(db: Db | Tx, ticketId: string) {
  const [ticket] = await db
    .select({ id: tickets.id, customerId: tickets.customerId, subject: tickets.subject })
    .from(tickets)
    .where(eq(tickets.id, ticketId.toUpperCase()))
    .limit(1);
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return ticket;
}

export const iso = (d: Date) => d.toISOString();
