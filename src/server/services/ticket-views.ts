import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { isoTimestamp, jsonArray, jsonFields, parseJsonText } from '../db/json-list.ts';
import { customerUsers, ticketReplies, tickets, users } from '../db/schema.ts';
import { ticketDescriptionColumns } from '../db/ticket-columns.ts';
import type { Ticket, TicketSummary } from '../../shared/schemas/tickets.ts';
import type { PagedList } from '../db/paged-list.ts';
import { searchText } from '../db/search-text.ts';
import { visibleTickets, type Viewer } from './role-filters.ts';

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
        'kind', ${ticketReplies.kind}, 'createdAt', ${isoTimestamp(ticketReplies.createdAt)}
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

/** One ticket's conversation, oldest first: a correlated aggregate, read for a page's rows only. */
const conversationOf = sql`coalesce((
  select json_agg(json_build_object(
    'id', r.id, 'message', r.message, 'author', r.author, 'isAgent', r.is_agent,
    'kind', r.kind, 'createdAt', ${isoTimestamp(sql`r.created_at`)}
  ) order by r.created_at, r.id)
  from ${ticketReplies} r where r.ticket_id = ${tickets.id}
), '[]'::json)`;

/**
 * The tickets list in pages: newest first, each with its conversation, search on subject
 * and description (spec section 5). Who may see which tickets is `companyTicketsOf`.
 */
export const ticketPages: PagedList<Ticket, 'status' | 'priority' | 'category'> = {
  name: 'tickets',
  from: sql`${tickets} left join ${users} on ${users.id} = ${tickets.assignedToUserId}`,
  row: () => ({
    ...ticketDescriptionColumns,
    createdAt: isoTimestamp(tickets.createdAt),
    updatedAt: isoTimestamp(tickets.updatedAt),
    assignedTo: sql`btrim(${users.firstName} || ' ' || ${users.lastName})`,
    replies: conversationOf,
  }),
  order: [
    { expr: tickets.createdAt, desc: true, type: 'timestamptz' },
    { expr: tickets.id, desc: true, type: 'text' },
  ],
  search: searchText(tickets.subject, tickets.description),
  searchIndexed: true,
  totalsNotified: true,
  filters: { status: tickets.status, priority: tickets.priority, category: tickets.category },
};

/** The tickets screen's cards (a count per status) over the tickets `where` selects. */
export async function ticketSummary(db: Db | Tx, where: SQL | undefined): Promise<TicketSummary> {
  const count = (status: Ticket['status']) =>
    sql<number>`(count(*) filter (where ${tickets.status} = ${status}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      open: count('open'),
      pending: count('pending'),
      closed: count('closed'),
    })
    .from(tickets)
    .where(where);
  return row!;
}

/**
 * One ticket of a company with its conversation, or null when the company has no such
 * ticket or the viewer may not see it.
 */
export async function loadTicket(
  db: Db | Tx,
  customerId: string,
  ticketId: string,
  viewer: Viewer,
): Promise<Ticket | null> {
  const where = and(
    eq(tickets.customerId, customerId),
    eq(tickets.id, ticketId),
    visibleTickets(viewer),
  );
  const [ticket] = parseJsonText(await jsonArray<Ticket>(db, selectTickets(db, where).limit(1)));
  return ticket ?? null;
}

/** The tickets of a company its viewer may see (issue 18): the where of its list and cards. */
export const companyTicketsOf = (customerId: string, viewer: Viewer) =>
  and(eq(tickets.customerId, customerId), visibleTickets(viewer));

/**
 * Whether a user, through an active membership of the ticket's company, sees the ticket (the
 * same rule as the portal's): for doors without a session, such as a mail answering a ticket.
 */
export async function userSeesTicket(
  db: Db | Tx,
  userId: string,
  ticket: { id: string; customerId: string },
): Promise<boolean> {
  const [membership] = await db
    .select({ role: customerUsers.role })
    .from(customerUsers)
    .where(
      and(
        eq(customerUsers.userId, userId),
        eq(customerUsers.customerId, ticket.customerId),
        eq(customerUsers.active, true),
      ),
    );
  if (!membership) return false;
  const [seen] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.id, ticket.id),
        companyTicketsOf(ticket.customerId, { userId, role: membership.role }),
      ),
    );
  return seen !== undefined;
}
