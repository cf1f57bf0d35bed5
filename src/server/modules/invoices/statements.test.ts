import { describe, expect, it } from 'vitest';
import type { CompanyRole } from '../../../shared/permissions.ts';
import type { Statement } from '../../../shared/schemas/statements.ts';
import { customerUsers, users } from '../../db/schema.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { addCredit, addInvoice, addPayment } from '../../test/statement-fixtures.ts';
import { DEMO_USERS } from '../../seed/demo.ts';

/** Issue 39 item 5: the statement routes of the portal, for admin and billing only. */
describe('GET /api/customers/:customerId/statement (JSON, PDF, CSV)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const cookies = new Map<CompanyRole, string>();
  const as = async (role: CompanyRole) => {
    if (!cookies.has(role)) {
      const email = `${role}.statement@acme-logistics.example`;
      const [user] = await t.app.db
        .insert(users)
        .values({ email, firstName: role, lastName: 'Statement' })
        .returning({ id: users.id });
      await t.app.db
        .insert(customerUsers)
        .values({ userId: user!.id, customerId: ctx.acmeId, role });
      cookies.set(role, await sessionCookieFor(t.app, email));
    }
    return cookies.get(role)!;
  };
  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  const base = () => `/api/customers/${ctx.acmeId}/statement`;
  const period = '?from=2024-03-01&to=2024-03-31';

  /** Acme's March 2024: an invoice with awkward text, a payment, a credit note. */
  const march = async () => {
    const inv = await addInvoice(t.app.db, ctx.acmeId, {
      total: 123_456,
      issue: '2024-03-05',
      due: '2024-03-20',
      description: '=HYPERLINK("http://evil.example","Click"), "quoted", and a comma',
    });
    await addPayment(t.app.db, inv.id, 23_456, '2024-03-25', '+REF 1');
    await addCredit(t.app.db, inv.id, 10_000, '2024-03-28', '@Goodwill');
    return inv;
  };

  it('answers admin and billing; member and technical are refused (403), reading nothing', async () => {
    for (const role of ['admin', 'billing'] as const)
      for (const suffix of ['', '/pdf', '/csv']) {
        const res = await get(`${base()}${suffix}${period}`, await as(role));
        expect(res.statusCode, `${role} ${suffix}`).toBe(200);
      }
    for (const role of ['member', 'technical'] as const)
      for (const suffix of ['', '/pdf', '/csv']) {
        const res = await get(`${base()}${suffix}${period}`, await as(role));
        expect(res.statusCode, `${role} ${suffix}`).toBe(403);
        expect(res.json()).toEqual({ message: "You don't have access to this part of the portal" });
      }
  });

  it("refuses another company's user as the other invoice routes do (403)", async () => {
    const other = await sessionCookieFor(t.app, DEMO_USERS.globex);
    for (const suffix of ['', '/pdf', '/csv']) {
      const res = await get(`${base()}${suffix}${period}`, other);
      const invoices = await get(`/api/customers/${ctx.acmeId}/invoices`, other);
      expect(res.statusCode).toBe(invoices.statusCode);
      expect(res.statusCode).toBe(403);
    }
  });

  it('answers the period’s statement as JSON, in minor units of the company’s currency', async () => {
    const inv = await march();
    const res = await get(`${base()}${period}`, ctx.customerCookie);
    expect(res.statusCode, res.body).toBe(200);
    const s = res.json<Statement>();
    expect(s).toMatchObject({
      companyName: 'Acme Logistics',
      currency: 'USD',
      from: '2024-03-01',
      to: '2024-03-31',
      openingMinor: 0,
      invoicedMinor: 123_456,
      paidMinor: 23_456,
      creditedMinor: 10_000,
      closingMinor: 90_000,
      // Due 20 March: 11 days past due on the 31st.
      ageing: { current: 0, days1to30: 90_000, days31to60: 0, days61to90: 0, days90plus: 0 },
    });
    expect(s.entries.map((e) => [e.kind, e.invoiceNumber, e.balanceMinor])).toEqual([
      ['invoice', inv.number, 123_456],
      ['payment', inv.number, 100_000],
      ['credit-note', inv.number, 90_000],
    ]);
  });

  it('writes the CSV by RFC 4180, with formula-looking text made harmless and amounts as numbers', async () => {
    const res = await get(`${base()}/csv${period}`, ctx.customerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Statement 2024-03-01 to 2024-03-31.csv"; filename*=UTF-8''Statement%202024-03-01%20to%202024-03-31.csv`,
    );
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const number = (await get(`${base()}${period}`, ctx.customerCookie)).json<Statement>()
      .entries[0]!.invoiceNumber;
    expect(text.slice(1).split('\r\n')).toEqual([
      'Date,Type,Invoice,Description,Amount (USD),Balance (USD)',
      '2024-03-01,Opening balance,,Acme Logistics,,0.00',
      `2024-03-05,Invoice,${number},"'=HYPERLINK(""http://evil.example"",""Click""), ""quoted"", and a comma",1234.56,1234.56`,
      `2024-03-25,Payment,${number},"Payment by bank transfer, +REF 1",-234.56,1000.00`,
      `2024-03-28,Credit note,${number},'@Goodwill,-100.00,900.00`,
      '2024-03-31,Closing balance,,Acme Logistics,,900.00',
      '2024-03-31,Ageing,,Current,0.00,',
      '2024-03-31,Ageing,,1-30 days,900.00,',
      '2024-03-31,Ageing,,31-60 days,0.00,',
      '2024-03-31,Ageing,,61-90 days,0.00,',
      '2024-03-31,Ageing,,90+ days,0.00,',
      '',
    ]);
  });

  it('draws the PDF: letterhead, bill-to, the sums, each entry with its balance, and the ageing', async () => {
    const res = await get(`${base()}/pdf${period}`, ctx.customerCookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(res.rawPayload);
    for (const s of [
      'Meridian IT Services',
      'STATEMENT',
      'Acme Logistics',
      'Mar 1, 2024',
      'Mar 31, 2024',
      'Opening balance',
      'Closing balance',
      'USD 1,234.56',
      'Payment by bank transfer, +REF 1',
      '-USD 234.56',
      '@Goodwill',
      '-USD 100.00',
      'USD 900.00',
      'Ageing at Mar 31, 2024 (days past due)',
      '1-30 days',
      '90+ days',
    ])
      expect(text, s).toContain(s);
  });

  it('defaults to this month so far, and refuses a period given by halves, backwards or not a date (400)', async () => {
    const res = await get(base(), ctx.customerCookie);
    expect(res.statusCode).toBe(200);
    const s = res.json<Statement>();
    expect(s.from.slice(8)).toBe('01');
    expect(s.from.slice(0, 7)).toBe(s.to.slice(0, 7));
    for (const [query, message] of [
      ['?from=2024-03-01', 'Give both from and to, or neither'],
      ['?from=2024-03-31&to=2024-03-01', 'The period must start on or before the day it ends'],
      ['?from=2024-02-30&to=2024-03-01', 'From must be a date (YYYY-MM-DD)'],
      ['?from=2024-03-01&to=tomorrow', 'To must be a date (YYYY-MM-DD)'],
    ] as const) {
      const bad = await get(`${base()}${query}`, ctx.customerCookie);
      expect(bad.statusCode, query).toBe(400);
      expect(bad.json(), query).toEqual({ message });
    }
  });
});
