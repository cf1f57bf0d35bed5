import { sql } from 'drizzle-orm';
import type { Dashboard } from '../../../shared/schemas/dashboard.ts';
import { selectRows, type Db } from '../../db/client.ts';

type StatsRow = {
  outstanding: string;
  active_projects: number;
  open_tickets: number;
  monthly_hours: string;
};

/**
 * The four dashboard figures, summed by the database in one round trip.
 * "This month" is the current calendar month in UTC, the server's reference time zone.
 */
export async function dashboardStats(db: Db, customerId: string): Promise<Dashboard['stats']> {
  const [row] = await selectRows<StatsRow>(
    db,
    sql`select
      (select coalesce(sum(amount), 0)::text from invoices
        where customer_id = ${customerId} and status in ('pending', 'overdue')) as outstanding,
      (select count(*)::int from projects
        where customer_id = ${customerId} and status = 'in-progress') as active_projects,
      (select count(*)::int from tickets
        where customer_id = ${customerId} and status = 'open') as open_tickets,
      (select coalesce(sum(hours), 0)::text from time_entries
        where customer_id = ${customerId}
          and work_date >= date_trunc('month', now() at time zone 'UTC')::date
          and work_date < (date_trunc('month', now() at time zone 'UTC') + interval '1 month')::date
      ) as monthly_hours`,
  );
  if (!row) throw new Error('dashboard stats query returned no row');
  return {
    outstandingBalance: Number(row.outstanding),
    activeProjects: row.active_projects,
    openTickets: row.open_tickets,
    monthlyHours: Number(row.monthly_hours),
  };
}
