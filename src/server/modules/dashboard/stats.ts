import { sql, type SQL } from 'drizzle-orm';
import type { Dashboard } from '../../../shared/schemas/dashboard.ts';
import type { JsonText } from '../../db/json-list.ts';

/**
 * The four dashboard figures as JSON text, summed by the database.
 * "This month" is the current calendar month in UTC, the server's reference time zone.
 */
export function dashboardStatsJson(customerId: string): SQL<JsonText<Dashboard['stats']>> {
  return sql`json_build_object(
    'outstandingBalance', (select coalesce(sum(amount), 0) from invoices
      where customer_id = ${customerId} and status in ('pending', 'overdue')),
    'activeProjects', (select count(*) from projects
      where customer_id = ${customerId} and status = 'in-progress'),
    'openTickets', (select count(*) from tickets
      where customer_id = ${customerId} and status = 'open'),
    'monthlyHours', (select coalesce(sum(hours), 0) from time_entries
      where customer_id = ${customerId}
        and work_date >= date_trunc('month', now() at time zone 'UTC')::date
        and work_date < (date_trunc('month', now() at time zone 'UTC') + interval '1 month')::date)
  )::text`;
}
