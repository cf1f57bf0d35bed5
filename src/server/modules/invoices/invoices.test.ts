import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceListSchema, type Invoice } from '../../../shared/schemas/invoices.ts';
import { invoices } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { companyIdOf } from '../../test/companies.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { portalApiFixture } from '../../test/portal-api-fixture.ts';

describe('GET /api/customers/:customerId/invoices', () => {
  const t = portalApiFixture();
  const list = (company: string, email: string) => t.list<Invoice[]>('invoices', company, email);

  for (const [company, email] of [
    ['Acme Logistics', DEMO_USERS.acme],
    ['Globex Retail', DEMO_USERS.globex],
  ] as const) {
    it(`lists exactly ${company}'s invoices, newest first, in the spec's fields`, async () => {
      const { customerId, body } = await list(company, email);
      expect(invoiceListSchema.parse(body)).toEqual(body);
      const rows = await t.app.db
        .select()
        .from(invoices)
        .where(eq(invoices.customerId, customerId));
      expect(body).toHaveLength(rows.length);
      for (const row of rows) {
        const item = body.find((i) => i.id === row.id);
        const expected: Invoice = {
          id: row.id,
          number: row.number,
          amount: Number(row.amount),
          status: row.status,
          issueDate: row.issueDate,
          dueDate: row.dueDate,
          description: row.description,
          pdfUrl: `/api/customers/${customerId}/invoices/${row.id}/pdf`,
          currency: row.currency,
          // Each sample invoice is one line of its whole amount (seed/demo.ts).
          lines: [
            {
              description: row.description,
              quantity: 1,
              unitPrice: Number(row.amount),
              taxRate: 0,
            },
          ],
          // The dialog's discount and balance; no payments or credits on the demo data.
          discount: 0,
          balance: row.state === 'paid' ? 0 : Number(row.amount),
          payments: [],
          creditNotes: [],
        };
        if (row.paymentUrl) expected.paymentUrl = row.paymentUrl;
        expect(item).toEqual(expected);
        // Absent, not null, when there is no payment page.
        if (!row.paymentUrl) expect(item && 'paymentUrl' in item).toBe(false);
      }
      const issued = body.map((i) => i.issueDate);
      expect(issued).toEqual([...issued].sort().reverse());
      expect(body[0]?.issueDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    });
  }

  it('keeps a description that spells out the JSON of an absent payment link', async () => {
    // The list's JSON comes from the database, with `,"paymentUrl":null` cut out of the text.
    const customerId = await companyIdOf(t.app, 'Acme Logistics');
    const description = 'Quoted: ,"paymentUrl":null} and \\",\\"paymentUrl\\":null';
    await t.app.db.insert(invoices).values({
      customerId,
      number: 'INV-JSON-1',
      description,
      totalMinor: 150,
      status: 'paid',
      issueDate: '2020-01-01',
      dueDate: '2020-01-31',
    });
    const { body } = await list('Acme Logistics', DEMO_USERS.acme);
    const invoice = body.find((i) => i.number === 'INV-JSON-1');
    expect(invoice).toMatchObject({ description, amount: 1.5 });
    expect(invoice && 'paymentUrl' in invoice).toBe(false);
  });

  it('answers an empty list for a company with no invoices', async () => {
    const { body } = await list('Initech', DEMO_USERS.initech);
    expect(body).toEqual([]);
  });

  it('serves a real PDF of the invoice with its number, customer, amount and status', async () => {
    const { body } = await list('Acme Logistics', DEMO_USERS.acme);
    const invoice = body.find((i) => i.number === 'INV-2026-1003')!;
    const res = await t.getAs(DEMO_USERS.acme, invoice.pdfUrl!);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `inline; filename="INV-2026-1003.pdf"; filename*=UTF-8''INV-2026-1003.pdf`,
    );
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.subarray(-6).toString()).toMatch(/%%EOF/);
    const text = await pdfText(pdf);
    expect(text).toContain('Invoice INV-2026-1003');
    expect(text).toContain('Meridian IT Services');
    expect(text).toContain('Acme Logistics');
    expect(text).toContain('Dock scanner fleet refresh (40 units)');
    expect(text).toContain('USD 18,640.00');
    expect(text.split('\n')).toContain('Pending');
  });

  it('answers 400 for an invoice id that is not a UUID', async () => {
    const customerId = await companyIdOf(t.app, 'Acme Logistics');
    const res = await t.getAs(DEMO_USERS.acme, `/api/customers/${customerId}/invoices/INV-1/pdf`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invoice not found' });
  });
});
