import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  isoTimestamp,
  jsonArray,
  jsonFields,
  parseJsonText,
  type JsonText,
} from '../../db/json-list.ts';
import { tickets, users } from '../../db/schema.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';

/**
 * The ticket's conversation oldest first, aggregated in the same query (no second query
 * with thousands of ids). `tickets.id` is spelled out: drizzle renders an interpolated
 * column unqualified, which inside this subquery would mean the reply's own id.
 */
const repliesJson = sql`coalesce((
  select json_agg(json_build_object(
    'id', r.id, 'message', r.message, 'author', r.author, 'isAgent', r.is_agent,
    'createdAt', ${isoTimestamp(sql`r.created_at`)}
  ) order by r.created_at, r.id)
  from ticket_replies r where r.ticket_id = tickets.id
), '[]'::json)`;

const ticketJson = jsonFields<Ticket>({
  id: tickets.id,
  subject: tickets.subject,
  description: tickets.description,
  priority: tickets.priority,
  status: tickets.status,
  category: tickets.category,
  department: tickets.department,
  createdAt: isoTimestamp(tickets.createdAt),
  updatedAt: isoTimestamp(tickets.updatedAt),
  // The assignee's name; null when unassigned.
  assignedTo: sql`btrim(${users.firstName} || ' ' || ${users.lastName})`,
  replies: repliesJson,
});

function selectTickets(db: Db | Tx, where: SQL | undefined) {
  return db
    .select(ticketJson)
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assignedToUserId))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
}

/** A company's tickets, newest first, each with its conversation, as the JSON array the API answers. */
export function listTickets(db: Db | Tx, customerId: string): Promise<JsonText<Ticket[]>> {
  return jsonArray(db, selectTickets(db, eq(tickets.customerId, customerId)));
}

/** One ticket of a company with its conversation, or null when the company has no such ticket. */
export async function findTicket(
  db: Db | Tx,
  customerId: string,
  ticketId: string,
): Promise<Ticket | null> {
  const where = and(eq(tickets.customerId, customerId), eq(tickets.id, ticketId));
  const [ticket] = parseJsonText(await jsonArray<Ticket>(db, selectTickets(db, where).limit(1)));
  return ticket ?? null;
}
