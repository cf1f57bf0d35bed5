import { sql } from 'drizzle-orm';
import type { HelpdeskTicket } from '../../../shared/schemas/staff-helpdesk.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { customers, tickets, ticketSlas, users } from '../../db/schema.ts';
import { runningDue, slaColumns, timeLeftKey } from '../../services/helpdesk/sla.ts';
import { searchText } from '../../db/search-text.ts';
import { ticketDescriptionColumns } from '../../db/ticket-columns.ts';

/**
 * Every company's tickets in pages (issue 20), last changed first. `q` searches subject and
 * description (the tickets' trigram index), the ticket number and the company's name;
 * status, priority and company are filters, the assignee is the route's `where`.
 */
type Filters = 'status' | 'priority' | 'customerId';

/** The running SLA clock as the queue's `sla` field (issue 17), null when none runs. */
const slaJson = sql`(case when ${slaColumns.clock} is null then null else json_build_object(
  'clock', ${slaColumns.clock}, 'dueAt', ${isoTimestamp(runningDue)},
  'targetMinutes', ${slaColumns.targetMinutes}, 'pausedAt', ${isoTimestamp(slaColumns.pausedAt)},
  'state', ${slaColumns.state}) end)`;

export const helpdeskPages: PagedList<HelpdeskTicket, Filters> = {
  name: 'staff-tickets',
  scope: 'staff',
  from: sql`${tickets} inner join ${customers} on ${customers.id} = ${tickets.customerId}
    left join ${users} on ${users.id} = ${tickets.assignedToUserId}
    left join ${ticketSlas} on ${ticketSlas.ticketId} = ${tickets.id}`,
  row: () => ({
    ...ticketDescriptionColumns,
    customerId: tickets.customerId,
    customerName: customers.name,
    assignedToUserId: tickets.assignedToUserId,
    assignedTo: sql`${users.firstName} || ' ' || ${users.lastName}`,
    createdAt: isoTimestamp(tickets.createdAt),
    updatedAt: isoTimestamp(tickets.updatedAt),
    sla: slaJson,
  }),
  order: [
    { expr: tickets.updatedAt, desc: true, type: 'timestamptz' },
    { expr: tickets.id, desc: true, type: 'text' },
  ],
  search: [searchText(tickets.subject, tickets.description), tickets.id, customers.name],
  filters: { status: tickets.status, priority: tickets.priority, customerId: tickets.customerId },
};

/** The same queue, least time left on the running SLA clock first (tickets without one last). */
export const helpdeskPagesByTimeLeft: PagedList<HelpdeskTicket, Filters> = {
  ...helpdeskPages,
  name: 'staff-tickets-time-left',
  order: [{ expr: timeLeftKey, desc: false, type: 'timestamptz' }, ...helpdeskPages.order],
};
