import { describe, expect, it } from 'vitest';
import type { Receivable, Statement } from '../../../shared/schemas/statements.ts';
import { officeToday } from '../../../shared/statement-periods.ts';
import { staffRoles } from '../../../shared/staff-permissions.ts';
import { users } from '../../db/schema.ts';
import { nextOf } from '../../test/link-header.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { addInvoice, addPayment, newCompany } from '../../test/statement-fixtures.ts';

const daysAgo = (n: number) =>
  new Date(Date.parse(`${officeToday()}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);

/** Issue 39 item 6: the accounts-receivable view, in pages, and a company's statement for staff. */
describe('GET /api/staff/receivables', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const get = (url: string, cookie = ctx.staffCookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  const walk = async (first: string) => {
    const seen: Receivable[] = [];
    let url: string | null = first;
    while (url) {
      const res = await get(url);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json<Receivable[]>());
      url = nextOf(res.headers.link);
    }
    return seen;
  };

  it('lists each company that owes, by name, in pages, with its ageing at today', async () => {
    const db = t.app.db;
    const owes = await newCompany(db);
    const a = await addInvoice(db, owes, { total: 50_000, issue: daysAgo(70), due: daysAgo(40) });
    await addPayment(db, a.id, 20_000, daysAgo(35));
    await addInvoice(db, owes, { total: 7_000, issue: daysAgo(2), due: daysAgo(-28) });
    const yen = await newCompany(db, 'JPY');
    await addInvoice(db, yen, {
      total: 120_000,
      issue: daysAgo(120),
      due: daysAgo(91),
      currency: 'JPY',
    });
    const settled = await newCompany(db);
    const s = await addInvoice(db, settled, { total: 9_000, issue: daysAgo(10) });
    await addPayment(db, s.id, 9_000, daysAgo(1));

    const all = await walk('/api/staff/receivables?limit=2');
    const names = all.map((r) => r.companyName);
    expect(names).toEqual([...names].sort());
    expect(new Set(all.map((r) => r.customerId)).size).toBe(all.length);
    expect(all.find((r) => r.customerId === settled)).toBeUndefined();
    expect(all.find((r) => r.customerId === owes)).toEqual({
      customerId: owes,
      companyName: expect.any(String),
      currency: 'USD',
      openMinor: 37_000,
      current: 7_000,
      days1to30: 0,
      days31to60: 30_000,
      days61to90: 0,
      days90plus: 0,
    });
    expect(all.find((r) => r.customerId === yen)).toMatchObject({
      currency: 'JPY',
      openMinor: 120_000,
      days90plus: 120_000,
    });
    // The demo companies' unpaid invoices are there too, their buckets adding up.
    for (const r of all)
      expect(r.current + r.days1to30 + r.days31to60 + r.days61to90 + r.days90plus).toBe(
        r.openMinor,
      );
  });

  it("agrees with each company's statement closing at today", async () => {
    const all = await walk('/api/staff/receivables?limit=50');
    expect(all.length).toBeGreaterThan(1);
    const today = officeToday();
    for (const r of all) {
      const res = await get(
        `/api/staff/customers/${r.customerId}/statement?from=${today}&to=${today}`,
      );
      const s = res.json<Statement>();
      expect([s.closingMinor, s.ageing.days90plus]).toEqual([r.openMinor, r.days90plus]);
    }
  });

  it('searches by company name and refuses a cursor of another list (400)', async () => {
    const res = await get('/api/staff/receivables?q=acme');
    expect(res.json<Receivable[]>().map((r) => r.companyName)).toEqual(['Acme Logistics']);
    const first = await get('/api/staff/audit?limit=1');
    const cursor = new URL(nextOf(first.headers.link)!, 'http://x').searchParams.get('cursor');
    const bad = await get(`/api/staff/receivables?cursor=${encodeURIComponent(cursor!)}`);
    expect(bad.statusCode).toBe(400);
  });

  it('is read by every staff role that reads invoices', async () => {
    for (const role of staffRoles) {
      const email = `${role}.receivables@example.com`;
      await t.app.db
        .insert(users)
        .values({ email, firstName: role, lastName: 'AR', role: 'staff', staffRole: role });
      const res = await get('/api/staff/receivables', await sessionCookieFor(t.app, email));
      expect(res.statusCode, role).toBe(200);
    }
  });

  it("serves a company's statement PDF and CSV to staff, and 404 for no such company", async () => {
    const pdf = await get(`/api/staff/customers/${ctx.acmeId}/statement/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toContain('Acme Logistics');
    const csv = await get(`/api/staff/customers/${ctx.acmeId}/statement/csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.rawPayload.toString('utf8')).toContain('Opening balance');
    const none = await get('/api/staff/customers/00000000-0000-4000-8000-000000000000/statement');
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ message: expect.any(String) });
  });
});
