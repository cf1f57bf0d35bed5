import { sql } from 'drizzle-orm';
import type { HelpdeskTicket } from '../../../shared/schemas/staff-helpdesk.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { customers, tickets, users } from '../../db/schema.ts';
import { searchText } from '../../db/search-text.ts';
import { ticketDescriptionColumns } from '../../db/ticket-columns.ts';

/**
 * Every company's tickets in pages (issue 20), last changed first. `q` searches subject and
 * description (the tickets' trigram index), the ticket number and the company's name;
 * status, priority and company are filters, the assignee is the route's `where`.
 */
export const helpdeskPages: PagedList<HelpdeskTicket, 'status' | 'priority' | 'customerId'> = {
  name: 'staff-tickets',
  from: sql`${tickets} inner join ${customers} on ${customers.id} = ${tickets.customerId}
    left join ${users} on ${users.id} = ${tickets.assignedToUserId}`,
  row: () => ({
    ...ticketDescriptionColumns,
    customerId: tickets.customerId,
    customerName: customers.name,
    assignedToUserId: tickets.assignedToUserId,
    assignedTo: sql`${users.firstName} || ' ' || ${users.lastName}`,
    createdAt: isoTimestamp(tickets.createdAt),
    updatedAt: isoTimestamp(tickets.updatedAt),
  }),
  order: [
    { expr: tickets.updatedAt, desc: true, type: 'timestamptz' },
    { expr: tickets.id, desc: true, type: 'text' },
  ],
  search: [searchText(tickets.subject, tickets.description), tickets.id, customers.name],
  filters: { status: tickets.status, priority: tickets.priority, customerId: tickets.customerId },
};
