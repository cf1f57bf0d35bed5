import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../test/empty-database.ts';
import { migrateBefore } from '../test/migrate-before.ts';
import { selectRows } from './client.ts';

describe('the migration to runs keyed by the months they bill', () => {
  it('gives earlier runs their months, never overlapping, even a month billed twice', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await migrateBefore(database, 'recurring_runs_by_period');
      // November billed twice by the attack of ADR 068 (28th in UTC, then 29th), and a quarterly
      // schedule's two quarters.
      await database.db.execute(sql`
        with c as (insert into customers (name) values ('Old Books Ltd') returning id),
        u as (insert into users (email, first_name, last_name)
          values ('billing@old.example', 'Old', 'Billing') returning id),
        s as (insert into recurring_invoices (id, customer_id, name, currency, cadence, run_day,
            time_zone, payment_terms_days, action, starts_on, updated_by)
          select x.id::uuid, c.id, x.name, 'USD', x.cadence::recurring_cadence, 28, 'UTC', 0,
            'issue', '2026-11-01', u.id
          from c, u, (values ('00000000-0000-4000-8000-000000000001', 'ATK', 'monthly'),
            ('00000000-0000-4000-8000-000000000002', 'Licences', 'quarterly')) as x(id, name, cadence)
          returning id)
        insert into recurring_invoice_runs (schedule_id, period_on)
        values ('00000000-0000-4000-8000-000000000001', '2026-11-28'),
          ('00000000-0000-4000-8000-000000000001', '2026-11-29'),
          ('00000000-0000-4000-8000-000000000001', '2026-12-29'),
          ('00000000-0000-4000-8000-000000000002', '2026-11-28'),
          ('00000000-0000-4000-8000-000000000002', '2027-02-28')`);

      await database.migrate();

      const rows = await selectRows<{ on: string; start: string; end: string }>(
        database.db,
        sql`select period_on::text as on, period_start::text as start, period_end::text as end
          from recurring_invoice_runs order by schedule_id, period_on`,
      );
      expect(rows).toEqual([
        { on: '2026-11-28', start: '2026-11-01', end: '2026-12-01' },
        // The second November invoice bills no month: the constraint holds, staff void it.
        { on: '2026-11-29', start: '2026-12-01', end: '2026-12-01' },
        { on: '2026-12-29', start: '2026-12-01', end: '2027-01-01' },
        { on: '2026-11-28', start: '2026-11-01', end: '2027-02-01' },
        { on: '2027-02-28', start: '2027-02-01', end: '2027-05-01' },
      ]);
    } finally {
      await drop();
    }
  });
});
