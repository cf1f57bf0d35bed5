import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  isoTimestamp,
  jsonArray,
  jsonFields,
  parseJsonText,
  type JsonText,
} from '../db/json-list.ts';
import { ticketReplies, tickets, users } from '../db/schema.ts';
import { ticketDescriptionColumns } from '../db/ticket-columns.ts';
import type { Ticket } from '../../shared/schemas/tickets.ts';

/**
 * Each selected ticket's conversation, oldest first, aggregated in one grouped pass that
 * the list joins (no second query with thousands of ids, no subquery per ticket).
 */
function conversations(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({
      ticketId: ticketReplies.ticketId,
      replies: sql`json_agg(json_build_object(
        'id', ${ticketReplies.id}, 'message', ${ticketReplies.message},
        'author', ${ticketReplies.author}, 'isAgent', ${ticketReplies.isAgent},
        'createdAt', ${isoTimestamp(ticketReplies.createdAt)}
      ) order by ${ticketReplies.createdAt}, ${ticketReplies.id})`.as('replies'),
    })
    .from(ticketReplies)
    .innerJoin(tickets, eq(tickets.id, ticketReplies.ticketId))
    .where(where)
    .groupBy(ticketReplies.ticketId)
    .as('conversations');
}

function selectTickets(db: Db | Tx, where: SQL | undefined) {
  const conversation = conversations(db, where);
  return db
    .select(
      jsonFields<Ticket>({
        ...ticketDescriptionColumns,
        createdAt: isoTimestamp(tickets.createdAt),
        updatedAt: isoTimestamp(tickets.updatedAt),
        // The assignee's name; null when unassigned.
        assignedTo: sql`btrim(${users.firstName} || ' ' || ${users.lastName})`,
        replies: sql`coalesce(${conversation.replies}, '[]'::json)`,
      }),
    )
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assignedToUserId))
    .leftJoin(conversation, eq(conversation.ticketId, tickets.id))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
}

/** A company's tickets, newest first, each with its conversation, as the JSON array the API answers. */
export function listTickets(db: Db | Tx, customerId: string): Promise<JsonText<Ticket[]>> {
  return jsonArray(db, selectTickets(db, eq(tickets.customerId, customerId)));
}

/** One ticket of a company with its conversation, or null when the company has no such ticket. */
export async function loadTicket(
  db: Db | Tx,
  customerId: string,
  ticketId: string,
): Promise<Ticket | null> {
  const where = and(eq(tickets.customerId, customerId), eq(tickets.id, ticketId));
  const [ticket] = parseJsonText(await jsonArray<Ticket>(db, selectTickets(db, where).limit(1)));
  return ticket ?? null;
}
