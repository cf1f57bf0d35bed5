import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isoTimestamp, jsonArray, jsonFields, parseJsonText } from '../../db/json-list.ts';
import { customerUsers, ticketReplies, tickets, users } from '../../db/schema.ts';
import { ticketDescriptionColumns } from '../../db/ticket-columns.ts';
import type { Ticket, TicketSummary } from '../../../shared/schemas/tickets.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { searchText } from '../../db/search-text.ts';
import { visibleTickets, type Viewer } from '../role-filters.ts';

/** A conversation row's JSON: the spec's reply for messages (row 99), with `kind` for events. */
const replyJson = (r: { id: SQL; message: SQL; author: SQL; isAgent: SQL; createdAt: SQL }) =>
  sql`json_build_object('id', ${r.id}, 'message', ${r.message}, 'author', ${r.author},
    'isAgent', ${r.isAgent}, 'createdAt', ${r.createdAt})`;
const eventJson = (r: { id: SQL; kind: SQL; message: SQL; author: SQL; createdAt: SQL }) =>
  sql`json_build_object('id', ${r.id}, 'kind', ${r.kind}, 'message', ${r.message},
    'author', ${r.author}, 'createdAt', ${r.createdAt})`;

/**
 * Each selected ticket's conversation, oldest first, aggregated in one grouped pass that
 * the list joins (no second query with thousands of ids, no subquery per ticket): the
 * messages are its `replies`, the events (watchers) its `events`.
 */
function conversations(db: Db | Tx, where: SQL | undefined) {
  const r = {
    id: sql`${ticketReplies.id}`,
    kind: sql`${ticketReplies.kind}`,
    message: sql`${ticketReplies.message}`,
    author: sql`${ticketReplies.author}`,
    isAgent: sql`${ticketReplies.isAgent}`,
    createdAt: isoTimestamp(ticketReplies.createdAt),
  };
  const order = sql`order by ${ticketReplies.createdAt}, ${ticketReplies.id}`;
  const isMessage = sql`${ticketReplies.kind} = 'message'`;
  return db
    .select({
      ticketId: ticketReplies.ticketId,
      replies: sql`json_agg(${replyJson(r)} ${order}) filter (where ${isMessage})`.as('replies'),
      events: sql`json_agg(${eventJson(r)} ${order}) filter (where not ${isMessage})`.as('events'),
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
        events: sql`coalesce(${conversation.events}, '[]'::json)`,
      }),
    )
    .from(tickets)
    .leftJoin(users, eq(users.id, tickets.assignedToUserId))
    .leftJoin(conversation, eq(conversation.ticketId, tickets.id))
    .where(where)
    .orderBy(desc(tickets.createdAt), desc(tickets.id));
}

/** One ticket's messages or events, oldest first: a correlated aggregate, for a page's rows only. */
function conversationOf(part: 'replies' | 'events') {
  const r = {
    id: sql`r.id`,
    kind: sql`r.kind`,
    message: sql`r.message`,
    author: sql`r.author`,
    isAgent: sql`r.is_agent`,
    createdAt: isoTimestamp(sql`r.created_at`),
  };
  const [row, which] =
    part === 'replies' ? [replyJson(r), sql`= 'message'`] : [eventJson(r), sql`<> 'message'`];
  return sql`coalesce((
    select json_agg(${row} order by r.created_at, r.id)
    from ${ticketReplies} r where r.ticket_id = ${tickets.id} and r.kind ${which}
  ), '[]'::json)`;
}

/**
 * The tickets list in pages: newest first, each with its conversation, search on subject
 * and description (spec section 5). Who may see which tickets is `companyTicketsOf`.
 */
export const ticketPages: PagedList<Ticket, 'status' | 'priority' | 'category'> = {
  name: 'tickets',
  from: sql`${tickets} left join ${users} on ${users.id} = ${tickets.assignedToUserId}`,
  scope: tickets.customerId,
  row: () => ({
    ...ticketDescriptionColumns,
    createdAt: isoTimestamp(tickets.createdAt),
    updatedAt: isoTimestamp(tickets.updatedAt),
    assignedTo: sql`btrim(${users.firstName} || ' ' || ${users.lastName})`,
    replies: conversationOf('replies'),
    events: conversationOf('events'),
  }),
  order: [
    { expr: tickets.createdAt, desc: true, type: 'timestamptz' },
    { expr: tickets.id, desc: true, type: 'text' },
  ],
  search: searchText(tickets.subject, tickets.description),
  searchIndexed: true,
  totalsNotified: true,
  pagesNotified: true,
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
