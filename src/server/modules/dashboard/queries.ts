import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Dashboard, DashboardTicket } from '../../../shared/schemas/dashboard.ts';
import type { Db } from '../../db/client.ts';
import { invoiceListJson } from '../../db/invoice-list.ts';
import {
  isoTimestamp,
  jsonArrayText,
  jsonFields,
  selectJsonText,
  type JsonText,
} from '../../db/json-list.ts';
import { projectListJson } from '../../db/project-list.ts';
import { projects, tickets } from '../../db/schema.ts';
import { visibleTickets, type Viewer } from '../../services/role-filters.ts';
import { can } from '../../../shared/permissions.ts';

/** Each dashboard list card shows this many rows; its "View All" link leads to the rest. */
export const DASHBOARD_LIST_SIZE = 5;

/**
 * The four dashboard figures as JSON text, summed by the database.
 * "This month" is the current calendar month in UTC, the server's reference time zone.
 */
function statsJson(db: Db, customerId: string, viewer: Viewer): SQL<JsonText<Dashboard['stats']>> {
  const balance = can(viewer.role, 'invoices')
    ? sql`'outstandingBalance', (select coalesce(sum(balance), 0) from invoices
      where customer_id = ${customerId} and status in ('pending', 'overdue')
        and state not in ('draft', 'void')),`
    : sql``;
  const openTickets = db
    .select({ n: count() })
    .from(tickets)
    .where(
      and(eq(tickets.customerId, customerId), eq(tickets.status, 'open'), visibleTickets(viewer)),
    );
  return sql`json_build_object(
    ${balance}
    'activeProjects', (select count(*) from projects
      where customer_id = ${customerId} and status = 'in-progress'),
    'openTickets', (${openTickets}),
    'monthlyHours', (select coalesce(sum(hours), 0) from time_entries
      where customer_id = ${customerId}
        and work_date >= date_trunc('month', now() at time zone 'UTC')::date
        and work_date < (date_trunc('month', now() at time zone 'UTC') + interval '1 month')::date)
  )::text`;
}

/** The newest tickets as the Recent Tickets card shows them. */
function recentTicketsJson(db: Db, customerId: string, viewer: Viewer) {
  return jsonArrayText<DashboardTicket>(
    db
      .select(
        jsonFields<DashboardTicket>({
          id: tickets.id,
          subject: tickets.subject,
          priority: tickets.priority,
          status: tickets.status,
          createdAt: isoTimestamp(tickets.createdAt),
        }),
      )
      .from(tickets)
      .where(and(eq(tickets.customerId, customerId), visibleTickets(viewer)))
      .orderBy(desc(tickets.createdAt), desc(tickets.id))
      .limit(DASHBOARD_LIST_SIZE),
  );
}

/**
 * The whole dashboard response as JSON text, in one statement: on the embedded database
 * each statement costs far more than its work (docs/decisions/018-pglite-turns.md). The cards
 * reuse the list endpoints' own JSON expressions.
 */
export function dashboardJson(
  db: Db,
  customerId: string,
  viewer: Viewer,
  /** Online payment is on (ADR 067): payable invoices link to Checkout. */
  online = false,
): Promise<JsonText<Dashboard>> {
  const limit = DASHBOARD_LIST_SIZE;
  // Issue 18: a card the role may not see is left out, not sent empty.
  const invoices = can(viewer.role, 'invoices')
    ? sql`',"recentInvoices":' || ${invoiceListJson(db, customerId, { limit, online })} ||`
    : sql``;
  const activeProjects = can(viewer.role, 'projects')
    ? sql`',"activeProjects":' || ${projectListJson(db, customerId, {
        limit,
        where: eq(projects.status, 'in-progress'),
      })} ||`
    : sql``;
  return selectJsonText(
    db,
    sql<JsonText<Dashboard>>`'{"stats":' || ${statsJson(db, customerId, viewer)} || ${invoices}
      ${activeProjects} ',"recentTickets":' || ${recentTicketsJson(db, customerId, viewer)} || '}'`,
  );
}
