// The row-level half of the roles (issue 18): where-clauses a company list adds to its own,
// so they combine with any paging or filter of the list. The route-level half is the
// permission each company route declares (plugins/session/company-access.ts).
import { and, eq, inArray, isNull, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { activities, customerUsers, documents, tickets, ticketWatchers } from '../db/schema.ts';
import {
  can,
  hiddenActivityTypes,
  permissions,
  type CompanyRole,
} from '../../shared/permissions.ts';

/** Who reads a company's rows: the user and their role there. */
export type Viewer = { userId: string; role: CompanyRole };

/** A watcher row of `userId` on the ticket of the outer query (issue 17). */
const watchedBy = (userId: string) =>
  sql`exists (select 1 from ${ticketWatchers} where ${ticketWatchers.ticketId} = ${tickets.id} and ${ticketWatchers.userId} = ${userId})`;

/**
 * The tickets a viewer sees; the SQL of `seesTicket` in src/shared/permissions.ts (the
 * isolation matrix compares them). Undefined: no narrowing (admins). A watcher sees a
 * non-private ticket they are in copy of (issue 17).
 */
export function visibleTickets(viewer: Viewer): SQL | undefined {
  if (can(viewer.role, 'privateTickets')) return undefined;
  const own = eq(tickets.createdByUserId, viewer.userId);
  if (can(viewer.role, 'allTickets')) return or(own, eq(tickets.private, false));
  return or(own, and(eq(tickets.private, false), watchedBy(viewer.userId)));
}

/**
 * The memberships (rows of `customer_users`) whose user sees a given ticket: who may be
 * mailed about it. The same rule as `visibleTickets`, seen from the ticket's side.
 */
export function ticketReaders(ticket: {
  id: string;
  createdByUserId: string | null;
  private: boolean;
}): SQL {
  const author = ticket.createdByUserId
    ? eq(customerUsers.userId, ticket.createdByUserId)
    : sql`false`;
  const all = ticket.private
    ? sql`false`
    : or(
        inArray(customerUsers.role, [...permissions.allTickets]),
        sql`exists (select 1 from ${ticketWatchers} where ${ticketWatchers.ticketId} = ${ticket.id} and ${ticketWatchers.userId} = ${customerUsers.userId})`,
      );
  return and(
    eq(customerUsers.active, true),
    or(inArray(customerUsers.role, [...permissions.privateTickets]), author, all),
  ) as SQL;
}

/**
 * The activity feed's entries a role sees: payments need `invoices`, milestones `projects`,
 * ticket events `allTickets` (their titles name tickets a member may not see).
 */
export function visibleActivities(role: CompanyRole): SQL | undefined {
  const hidden = hiddenActivityTypes(role);
  return hidden.length > 0 ? notInArray(activities.type, hidden) : undefined;
}

/** Invoice documents need `invoices`, project documents `projects`; the rest everyone reads. */
export function visibleDocuments(role: CompanyRole): SQL | undefined {
  const refused: SQL[] = [];
  if (!can(role, 'invoices')) refused.push(ne(documents.category, 'invoice'));
  if (!can(role, 'projects'))
    refused.push(and(ne(documents.category, 'project'), isNull(documents.projectId)) ?? sql`true`);
  return refused.length > 0 ? and(...refused) : undefined;
}
