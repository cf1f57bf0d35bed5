import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers, projects, tickets } from '../../db/schema.ts';
import { TICKET_NOT_FOUND } from '../../services/tickets.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';

/** The company's name, or 404 when it does not exist. */
export async function requireCompany(db: Db | Tx, customerId: string): Promise<{ name: string }> {
  const [row] = await db
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw notFound('Company not found');
  return row;
}

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

/** A project chosen for a company's record must belong to that company. */
export async function requireProjectOf(
  db: Db | Tx,
  customerId: string,
  projectId: string,
): Promise<{ name: string }> {
  const [row] = await db
    .select({ name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.customerId, customerId)))
    .limit(1);
  if (!row) throw badRequest('Project not found for this company');
  return row;
}

/** Turns a unique-index violation into a 409 with the given message; rethrows anything else. */
export function rethrowUnique(err: unknown, message: string): never {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') throw conflict(message);
    e = (e as { cause?: unknown }).cause;
  }
  throw err;
}

export const iso = (d: Date) => d.toISOString();
