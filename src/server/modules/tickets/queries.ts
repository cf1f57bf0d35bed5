import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ticketReplies, tickets, users } from '../../db/schema.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';

type TicketRow = Omit<Ticket, 'replies' | 'createdAt' | 'updatedAt'> & {
  createdAt: Date;
  updatedAt: Date;
};

const ticketColumns = {
  id: tickets.id,
  subject: tickets.subject,
  description: tickets.description,
  priority: tickets.priority,
  status: tickets.status,
  category: tickets.category,
  department: tickets.department,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  assigneeFirst: users.firstName,
  assigneeLast: users.lastName,
};

type SelectedTicket = Omit<TicketRow, 'assignedTo'> & {
  assigneeFirst: string | null;
  assigneeLast: string | null;
};

/** A company's tickets, newest first, each with its conversation oldest first. */
export async function listTickets(db: Db | Tx, customerId: string): Promise<Ticket[]> {
  const rows = await db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assignedToUserId))
    .where(eq(tickets.customerId, customerId))
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
  return withReplies(db, rows.map(toRow));
}

/** One ticket of a company with its conversation, or null when the company has no such ticket. */
export async function findTicket(
  db: Db | Tx,
  customerId: string,
  ticketId: string,
): Promise<Ticket | null> {
  const rows = await db
    .select(ticketColumns)
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assignedToUserId))
    .where(and(eq(tickets.customerId, customerId), eq(tickets.id, ticketId)))
    .limit(1);
  const [ticket] = await withReplies(db, rows.map(toRow));
  return ticket ?? null;
}

function toRow({ assigneeFirst, assigneeLast, ...ticket }: SelectedTicket): TicketRow {
  return {
    ...ticket,
    assignedTo: assigneeFirst === null ? null : `${assigneeFirst} ${assigneeLast ?? ''}`.trim(),
  };
}

async function withReplies(db: Db | Tx, rows: TicketRow[]): Promise<Ticket[]> {
  if (rows.length === 0) return [];
  const replies = await db
    .select({
      id: ticketReplies.id,
      ticketId: ticketReplies.ticketId,
      message: ticketReplies.message,
      author: ticketReplies.author,
      isAgent: ticketReplies.isAgent,
      createdAt: ticketReplies.createdAt,
    })
    .from(ticketReplies)
    .where(
      inArray(
        ticketReplies.ticketId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
  const byTicket = new Map<string, Ticket['replies']>();
  for (const { ticketId, createdAt, ...reply } of replies) {
    const list = byTicket.get(ticketId) ?? [];
    list.push({ ...reply, createdAt: createdAt.toISOString() });
    byTicket.set(ticketId, list);
  }
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    replies: byTicket.get(r.id) ?? [],
  }));
}
