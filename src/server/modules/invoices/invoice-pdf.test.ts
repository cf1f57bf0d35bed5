import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { StaffInvoiceDocument } from '../../../shared/schemas/invoice-documents.ts';
import { customers, sites } from '../../db/schema.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { paymentTerms } from './invoice-pdf-content.ts';

/** Issue 39 item 2: the invoice PDF a finance department accepts, read back as text. */
describe('invoice PDF', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let serial = 0;

  const issued = async (body: object): Promise<StaffInvoiceDocument> => {
    const draft = await t.request('POST', `/api/staff/customers/${ctx.acmeId}/invoice-drafts`, {
      number: `PDF-${++serial}`,
      description: 'Managed services, March',
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      ...body,
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const doc = draft.json<StaffInvoiceDocument>();
    const res = await t.request('POST', `/api/staff/invoices/${doc.id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return doc;
  };
  const pdfOf = async (id: string) => {
    const res = await t.request(
      'GET',
      `/api/customers/${ctx.acmeId}/invoices/${id}/pdf`,
      undefined,
      ctx.customerCookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return { pdf: res.rawPayload, text: await pdfText(res.rawPayload) };
  };
  const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;

  it('shows the letterhead, billing address, lines, tax per rate, totals, payments, balance, terms and link', async () => {
    await t.app.db
      .update(customers)
      .set({ address: '100 Harbor Way\nSeattle, WA 98101' })
      .where(eq(customers.id, ctx.acmeId));
    const doc = await issued({
      paymentUrl: 'https://pay.example.com/inv/42',
      discount: 10,
      lines: [
        { description: 'Help desk hours', quantity: 12.5, unitPrice: 95.5, taxRate: 20 },
        { description: 'Firewall licence', quantity: 3, unitPrice: 19.99, taxRate: 20 },
        { description: 'Hardware (zero-rated)', quantity: 1, unitPrice: 1234.56, taxRate: 0 },
      ],
    });
    // 12.5 × 95.50 = 1193.75, 3 × 19.99 = 59.97: 1253.72 at 20 %, less 10 % (125.37) = 1128.35,
    // tax 225.67; 1234.56 at 0 %, less 123.46 = 1111.10. Total 1128.35 + 225.67 + 1111.10 = 2465.12.
    const pay = await t.request('POST', `/api/staff/invoices/${doc.id}/payments`, {
      amount: 1000,
      method: 'bank-transfer',
      reference: 'BACS 1234',
      receivedOn: '2026-03-20',
    });
    expect(pay.statusCode, pay.body).toBe(200);
    const credit = await t.request('POST', `/api/staff/invoices/${doc.id}/credit-notes`, {
      amount: 65.12,
      reason: 'Goodwill',
      issuedOn: '2026-03-21',
    });
    expect(credit.statusCode, credit.body).toBe(200);

    const { pdf, text } = await pdfOf(doc.id);
    expect(pages(pdf)).toBe(1);
    for (const s of [
      'Meridian IT Services',
      '1200 Congress Avenue, Suite 400, Austin, TX 78701',
      'Acme Logistics',
      '100 Harbor Way',
      'Seattle, WA 98101',
      doc.number,
      'Mar 1, 2026',
      'Mar 31, 2026',
      'Help desk hours',
      '12.5',
      'USD 95.50',
      'USD 1,193.75',
      'Firewall licence',
      'USD 59.97',
      'Hardware (zero-rated)',
      'USD 1,234.56',
      'Subtotal',
      'USD 2,488.28',
      'Discount 10%',
      '-USD 248.83',
      'Tax 20% on USD 1,128.35',
      'USD 225.67',
      'Tax 0% on USD 1,111.10',
      'Total',
      'USD 2,465.12',
      'Payment received Mar 20, 2026 (bank transfer, BACS 1234)',
      '-USD 1,000.00',
      'Credit note Mar 21, 2026: Goodwill',
      '-USD 65.12',
      'Balance due',
      'USD 1,400.00',
      'Payment terms: Due within 30 days',
      'https://pay.example.com/inv/42',
    ])
      expect(text).toContain(s);
    // The totals come once, after the lines.
    expect(text.split('\n').filter((l) => l === 'Balance due')).toHaveLength(1);
    expect(text.indexOf('Balance due')).toBeGreaterThan(text.indexOf('Hardware (zero-rated)'));
  });

  it('wraps a long description and leaves the link out once nothing is owed', async () => {
    const long =
      'Quarterly review of backup jobs, restore tests for every file server and the mail archive, ' +
      'and a written report for the board';
    const doc = await issued({
      dueDate: '2026-03-01',
      paymentUrl: 'https://pay.example.com/inv/43',
      lines: [{ description: long, quantity: 1, unitPrice: 500 }],
    });
    await t.request('POST', `/api/staff/invoices/${doc.id}/payments`, {
      amount: 500,
      method: 'cheque',
      receivedOn: '2026-03-02',
    });
    const { text } = await pdfOf(doc.id);
    const lines = text.split('\n');
    // Wrapped: no one drawn line holds the whole description, yet every word is there.
    expect(lines.some((l) => l.includes(long))).toBe(false);
    for (const word of long.split(' ')) expect(text).toContain(word);
    expect(text).toContain('Payment terms: Due on receipt');
    expect(text).not.toContain('pay.example.com');
    expect(text).toContain('Balance due');
    expect(lines).toContain('USD 0.00');
  });

  it('continues 60 lines on further pages with the header repeated and the totals once at the end', async () => {
    const lines = Array.from({ length: 60 }, (_, i) => ({
      description: `Workstation support, seat ${i + 1}`,
      quantity: 1,
      unitPrice: 10,
      taxRate: 10,
    }));
    const doc = await issued({ lines });
    const { pdf, text } = await pdfOf(doc.id);
    const count = pages(pdf);
    expect(count).toBeGreaterThan(1);
    const drawn = text.split('\n');
    expect(drawn.filter((l) => l === 'Unit price')).toHaveLength(count);
    for (let i = 1; i <= 60; i++) expect(drawn).toContain(`Workstation support, seat ${i}`);
    expect(drawn.filter((l) => l === 'Balance due')).toHaveLength(1);
    expect(drawn.indexOf('Balance due')).toBeGreaterThan(
      drawn.indexOf('Workstation support, seat 60'),
    );
    expect(text).toContain(`Page ${count} of ${count}`);
    // 60 × 10.00 = 600.00, 10 % tax 60.00.
    expect(text).toContain('USD 660.00');
  });

  it("addresses the company's billing site when it has one", async () => {
    await t.app.db.insert(sites).values([
      {
        customerId: ctx.acmeId,
        name: 'Warehouse',
        address: '9 Dock Road, Tacoma, WA 98421',
        contactPerson: 'Sam Dock',
        contactEmail: 'dock@acme-logistics.example',
        contactPhone: '(253) 555-0100',
      },
      {
        customerId: ctx.acmeId,
        name: 'Accounts',
        address: 'Accounts Payable\n40 Ledger Street\nPortland, OR 97204',
        contactPerson: 'Pat Payable',
        contactEmail: 'ap@acme-logistics.example',
        contactPhone: '(503) 555-0100',
        billing: true,
      },
    ]);
    const doc = await issued({ lines: [{ description: 'Audit', quantity: 1, unitPrice: 100 }] });
    const drawn = (await pdfOf(doc.id)).text.split('\n');
    for (const s of [
      'Acme Logistics',
      'Attn: Pat Payable',
      'Accounts Payable',
      '40 Ledger Street',
      'Portland, OR 97204',
      'ap@acme-logistics.example',
    ])
      expect(drawn).toContain(s);
    expect(drawn).not.toContain('100 Harbor Way');
    expect(drawn).not.toContain('9 Dock Road, Tacoma, WA 98421');
  });

  it('shows a yen invoice without decimals', async () => {
    await t.app.db.update(customers).set({ currency: 'JPY' }).where(eq(customers.id, ctx.acmeId));
    const doc = await issued({
      lines: [{ description: 'Support', quantity: 1.5, unitPrice: 1001, taxRate: 10 }],
    });
    const { text } = await pdfOf(doc.id);
    // 1.5 × ¥1001 = ¥1501.5 → ¥1502; 10 % tax ¥150.2 → ¥150; total ¥1652.
    for (const s of ['JPY 1,001', 'JPY 1,502', 'JPY 150', 'JPY 1,652']) expect(text).toContain(s);
    expect(text).not.toMatch(/JPY [\d,]+\.\d/);
  });

  it('writes the terms from the issue to the due date', () => {
    expect(paymentTerms('2026-03-01', '2026-03-31')).toBe('Due within 30 days');
    expect(paymentTerms('2026-03-01', '2026-03-02')).toBe('Due within 1 day');
    expect(paymentTerms('2026-03-01', '2026-03-01')).toBe('Due on receipt');
    // Across the change to summer time the count is still whole days.
    expect(paymentTerms('2026-03-01', '2026-04-15')).toBe('Due within 45 days');
  });
});
