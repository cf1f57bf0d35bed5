import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageingBuckets } from '../../shared/ageing.ts';
import type { Statement } from '../../shared/schemas/statements.ts';
import { addCredit, addInvoice, addPayment, newCompany } from '../test/statement-fixtures.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';
import { invoices } from '../db/schema.ts';
import { balanceMinor } from './invoice-document.ts';
import { companyStatement } from './invoice-statements.ts';

const sumOfAgeing = (s: Statement) => ageingBuckets.reduce((n, b) => n + s.ageing[b.key], 0);

/** Issue 39 item 5: statements and ageing, from the tables, on PGlite and PostgreSQL. */
describe('company statements', () => {
  const t = useStaffTestApp();
  const statement = (customerId: string, from: string, to: string) =>
    companyStatement(t.app.db, customerId, { from, to });

  it('carries an invoice across a month end: January lists it, February opens with it and lists its payment', async () => {
    const db = t.app.db;
    const c = await newCompany(db);
    const inv = await addInvoice(db, c, { total: 120_000, issue: '2026-01-31', due: '2026-02-28' });
    await addPayment(db, inv.id, 50_000, '2026-02-01', 'BACS 77');

    const jan = await statement(c, '2026-01-01', '2026-01-31');
    expect(jan).toMatchObject({
      openingMinor: 0,
      invoicedMinor: 120_000,
      paidMinor: 0,
      closingMinor: 120_000,
    });
    expect(jan.entries).toEqual([
      {
        date: '2026-01-31',
        kind: 'invoice',
        invoiceNumber: inv.number,
        description: inv.description,
        amountMinor: 120_000,
        balanceMinor: 120_000,
      },
    ]);
    // Not yet due on the 31st: all of it is current.
    expect(jan.ageing).toEqual({ ...zero, current: 120_000 });

    const feb = await statement(c, '2026-02-01', '2026-02-28');
    expect(feb).toMatchObject({
      openingMinor: 120_000,
      invoicedMinor: 0,
      paidMinor: 50_000,
      closingMinor: 70_000,
    });
    expect(feb.entries).toEqual([
      {
        date: '2026-02-01',
        kind: 'payment',
        invoiceNumber: inv.number,
        description: 'Payment by bank transfer, BACS 77',
        amountMinor: -50_000,
        balanceMinor: 70_000,
      },
    ]);
  });

  it('carries a balance across a year end, with a credit note on New Year’s Day', async () => {
    const db = t.app.db;
    const c = await newCompany(db);
    const inv = await addInvoice(db, c, { total: 99_999, issue: '2025-12-31', due: '2026-01-30' });
    await addCredit(db, inv.id, 9_999, '2026-01-01', 'Service credit: outage 12/30');

    const y2025 = await statement(c, '2025-01-01', '2025-12-31');
    expect(y2025).toMatchObject({ openingMinor: 0, invoicedMinor: 99_999, closingMinor: 99_999 });
    const y2026 = await statement(c, '2026-01-01', '2026-12-31');
    expect(y2026).toMatchObject({
      openingMinor: 99_999,
      invoicedMinor: 0,
      creditedMinor: 9_999,
      paidMinor: 0,
      closingMinor: 90_000,
    });
    expect(y2026.entries.map((e) => [e.date, e.kind, e.description, e.balanceMinor])).toEqual([
      ['2026-01-01', 'credit-note', 'Service credit: outage 12/30', 90_000],
    ]);
    // At the end of 2026 the rest is 335 days past due.
    expect(y2026.ageing).toEqual({ ...zero, days90plus: 90_000 });
  });

  it('leaves out drafts, void invoices and invoices in another currency than the company’s', async () => {
    const db = t.app.db;
    const c = await newCompany(db);
    await addInvoice(db, c, { total: 1_000, issue: '2026-03-02', state: 'draft' });
    await addInvoice(db, c, { total: 2_000, issue: '2026-03-03', state: 'void' });
    await addInvoice(db, c, { total: 3_000, issue: '2026-03-04', currency: 'EUR' });
    const kept = await addInvoice(db, c, { total: 4_000, issue: '2026-03-05' });
    const s = await statement(c, '2026-03-01', '2026-03-31');
    expect(s.entries.map((e) => e.invoiceNumber)).toEqual([kept.number]);
    expect(s.closingMinor).toBe(4_000);
    expect(s.currency).toBe('USD');
  });

  it('settles the rest of an invoice marked paid by hand on the day it was marked, but no later than due', async () => {
    const db = t.app.db;
    const c = await newCompany(db);
    // Marked paid on 10 March, due 31 March: settled on 10 March.
    const early = await addInvoice(db, c, {
      total: 5_000,
      issue: '2026-03-01',
      due: '2026-03-31',
      state: 'paid',
      updatedAt: '2026-03-10T15:00:00Z',
    });
    // Partly paid by a recorded payment, then marked paid long after its due date (the seed's
    // old paid invoices): the rest is settled on the due date.
    const late = await addInvoice(db, c, {
      total: 8_000,
      issue: '2026-03-01',
      due: '2026-03-15',
      updatedAt: '2026-06-01T12:00:00Z',
    });
    await addPayment(db, late.id, 3_000, '2026-03-05');
    await t.app.db.execute(
      // Marked paid by hand after the payment: the state moves, settled stays (services/invoices.ts).
      sql`update invoices set state = 'paid', status = 'paid',
        updated_at = '2026-06-01T12:00:00Z' where id = ${late.id}`,
    );
    const s = await statement(c, '2026-03-01', '2026-03-31');
    expect(s.entries.map((e) => [e.date, e.kind, e.invoiceNumber, e.amountMinor])).toEqual([
      ['2026-03-01', 'invoice', early.number, 5_000],
      ['2026-03-01', 'invoice', late.number, 8_000],
      ['2026-03-05', 'payment', late.number, -3_000],
      ['2026-03-10', 'marked-paid', early.number, -5_000],
      ['2026-03-15', 'marked-paid', late.number, -5_000],
    ]);
    expect(s).toMatchObject({ invoicedMinor: 13_000, paidMinor: 13_000, closingMinor: 0 });
    expect(s.entries[3]?.description).toBe('Marked paid (no payment recorded)');
  });

  it('ages each open amount by calendar days past due, at the edges of every bucket', async () => {
    const db = t.app.db;
    const c = await newCompany(db);
    const asOf = '2026-06-30';
    const day = (daysBefore: number) =>
      new Date(Date.parse(`${asOf}T00:00:00Z`) - daysBefore * 86_400_000)
        .toISOString()
        .slice(0, 10);
    // Amounts of distinct powers of ten, so each bucket's sum names the days it holds.
    const cases = [
      [-5, 1],
      [0, 10],
      [1, 100],
      [30, 1_000],
      [31, 10_000],
      [60, 100_000],
      [61, 1_000_000],
      [90, 10_000_000],
      [91, 100_000_000],
    ] as const;
    for (const [days, total] of cases)
      await addInvoice(db, c, { total, issue: '2026-01-01', due: day(days) });
    const s = await statement(c, '2026-06-01', asOf);
    expect(s.ageing).toEqual({
      current: 11,
      days1to30: 1_100,
      days31to60: 110_000,
      days61to90: 11_000_000,
      days90plus: 100_000_000,
    });
    expect(sumOfAgeing(s)).toBe(s.closingMinor);
  });

  it('ages only what was open at the period’s end: a later payment does not reduce it', async () => {
    const db = t.app.db;
    const c = await newCompany(db);
    const inv = await addInvoice(db, c, { total: 10_000, issue: '2026-01-01', due: '2026-01-31' });
    await addPayment(db, inv.id, 4_000, '2026-02-10');
    await addPayment(db, inv.id, 6_000, '2026-04-10');
    const march = await statement(c, '2026-03-01', '2026-03-31');
    expect(march.closingMinor).toBe(6_000);
    expect(march.ageing).toEqual({ ...zero, days31to60: 6_000 });
  });

  it('refuses a period of more entries than a statement lists, rather than cutting it short', async () => {
    const db = t.app.db;
    const c = await newCompany(db);
    await db.execute(
      sql`insert into invoices
        (customer_id, number, description, total_minor, status, state, issue_date, due_date)
        select ${c}, 'BULK-' || g, 'Bulk', 100, 'pending', 'issued', '2026-05-01', '2026-05-31'
        from generate_series(1, 5001) g`,
    );
    await expect(statement(c, '2026-05-01', '2026-05-31')).rejects.toMatchObject({
      statusCode: 400,
      message: 'The period holds more than 5,000 entries: choose a shorter one',
    });
    // The opening and closing balances of a later period still count them all.
    const june = await statement(c, '2026-06-01', '2026-06-30');
    expect(june).toMatchObject({ openingMinor: 500_100, closingMinor: 500_100, entries: [] });
  });

  it('reconciles any history: closing = opening + invoices − credits − payments, the ageing adds up to the closing balance, and periods chain', async () => {
    const db = t.app.db;
    const days = [
      '2025-11-30',
      '2025-12-01',
      '2025-12-31',
      '2026-01-01',
      '2026-01-31',
      '2026-02-01',
      '2026-02-28',
      '2026-03-01',
    ];
    const dayArb = fc.constantFrom(...days);
    const invoiceArb = fc.record({
      total: fc.integer({ min: 1, max: 1_000_000 }),
      issue: dayArb,
      dueIn: fc.integer({ min: 0, max: 120 }),
      state: fc.constantFrom('issued', 'paid', 'draft', 'void'),
      markedOn: dayArb,
      // Fractions of the total settled, each on its day.
      settlements: fc.array(
        fc.record({ share: fc.integer({ min: 1, max: 40 }), day: dayArb, credit: fc.boolean() }),
        { maxLength: 3 },
      ),
    });
    const periodArb = fc
      .tuple(dayArb, dayArb, dayArb)
      .map((d) => [...d].sort() as [string, string, string]);

    await fc.assert(
      fc.asyncProperty(
        fc.array(invoiceArb, { maxLength: 5 }),
        periodArb,
        async (history, [a, b, c]) => {
          const company = await newCompany(db);
          for (const h of history) {
            const due = new Date(Date.parse(`${h.issue}T00:00:00Z`) + h.dueIn * 86_400_000)
              .toISOString()
              .slice(0, 10);
            const open = h.state === 'paid' ? 'issued' : h.state;
            const inv = await addInvoice(db, company, {
              total: h.total,
              issue: h.issue,
              due,
              state: open,
              updatedAt: `${h.markedOn}T18:00:00Z`,
            });
            if (open === 'issued') {
              let left = h.total;
              for (const s of h.settlements) {
                const amount = Math.min(left, Math.max(1, Math.floor((h.total * s.share) / 100)));
                if (amount <= 0) break;
                left -= amount;
                if (s.credit) await addCredit(db, inv.id, amount, s.day);
                else await addPayment(db, inv.id, amount, s.day);
              }
            }
            if (h.state === 'paid')
              await db.execute(
                sql`update invoices set state = 'paid', status = 'paid',
                  updated_at = ${`${h.markedOn}T18:00:00Z`} where id = ${inv.id}`,
              );
          }
          const first = await statement(company, a, b);
          expect(first.closingMinor).toBe(
            first.openingMinor + first.invoicedMinor - first.creditedMinor - first.paidMinor,
          );
          expect(first.entries.at(-1)?.balanceMinor ?? first.openingMinor).toBe(first.closingMinor);
          expect(sumOfAgeing(first)).toBe(first.closingMinor);
          // The day after the first period ends, the next one opens with its closing balance.
          const next = new Date(Date.parse(`${b}T00:00:00Z`) + 86_400_000)
            .toISOString()
            .slice(0, 10);
          if (next <= c) {
            const second = await statement(company, next, c);
            expect(second.openingMinor).toBe(first.closingMinor);
          }
          // Once every day has passed, it is what the invoices' balances say (ADR 066).
          const all = await statement(company, '2025-01-01', '2026-12-31');
          const rows = await db.select().from(invoices).where(eq(invoices.customerId, company));
          const visible = rows.filter((r) => r.state !== 'draft' && r.state !== 'void');
          expect(all.closingMinor).toBe(visible.reduce((n, r) => n + balanceMinor(r), 0));
        },
      ),
      { numRuns: 30 },
    );
  });
});

const zero = { current: 0, days1to30: 0, days31to60: 0, days61to90: 0, days90plus: 0 };
