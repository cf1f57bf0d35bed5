import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyDatabase } from '../test/empty-database.ts';
import { migrateBefore } from '../test/migrate-before.ts';
import { selectRows } from './client.ts';

describe('the migration to minor units', () => {
  it('keeps every numeric total exact, to the cent, up to the largest', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      // The schema as it was before: every migration up to this one, as drizzle applies them.
      await migrateBefore(database, 'invoice_documents');
      const amounts = ['1295.50', '0.01', '9999999999.99', '0.00', '0.10', '1234.56', '100.00'];
      await database.db.execute(sql`
        with c as (insert into customers (name) values ('Old Books Ltd') returning id)
        insert into invoices (customer_id, number, description, amount, status, issue_date, due_date)
        select c.id, 'OLD-' || n, 'Before minor units', a,
          (case when n % 2 = 0 then 'paid' else 'pending' end)::invoice_status,
          '2026-01-01', '2026-01-31'
        from c, (values ${sql.join(
          amounts.map((a, i) => sql`(${a}::numeric, ${i + 1}::int)`),
          sql`, `,
        )}) as x(a, n)`);

      await database.migrate();

      const rows = await selectRows<{
        number: string;
        total_minor: string;
        amount: string;
        balance: string;
        currency: string;
        status: string;
        state: string;
      }>(
        database.db,
        sql`select number, total_minor::text, amount::text, balance::text, currency, status, state
          from invoices order by number`,
      );
      expect(rows).toHaveLength(amounts.length);
      for (const r of rows) {
        const before = amounts[Number(r.number.slice(4)) - 1]!;
        expect(r.total_minor).toBe(before.replace('.', '').replace(/^0+(?=\d)/, ''));
        expect(r.amount).toBe(before);
        expect(r.balance).toBe(before);
        expect(r.currency).toBe('USD');
        expect(r.state).toBe(r.status === 'paid' ? 'paid' : 'issued');
      }
      expect(rows.find((r) => r.amount === '9999999999.99')?.total_minor).toBe('999999999999');
      expect(rows.find((r) => r.amount === '0.01')?.total_minor).toBe('1');
    } finally {
      await drop();
    }
  });
});
