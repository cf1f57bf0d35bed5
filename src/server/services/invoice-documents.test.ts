import { count, eq } from 'drizzle-orm';
import { acmeInvoices } from '../test/customer-invoices.ts';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  customers,
  domainEvents,
  invoiceCreditNotes,
  invoiceLines,
  invoicePayments,
  invoices,
  projects,
} from '../db/schema.ts';
import { invoiceTotals } from '../../shared/invoice-totals.ts';
import type { StaffInvoiceDocument } from '../../shared/schemas/invoice-documents.ts';
import type { InvoiceSummary } from '../../shared/schemas/invoices.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';

/** Issue 39 item 1 (ADR 066): invoices as documents, through the staff routes. */
describe('invoice documents', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let serial = 0;

  const draftBody = (over: object = {}) => ({
    number: `DOC-${++serial}`,
    description: 'Managed services, March',
    issueDate: '2026-03-01',
    dueDate: '2026-03-31',
    discount: 10,
    lines: [
      { description: 'Help desk hours', quantity: 12.5, unitPrice: 95.5, taxRate: 20 },
      { description: 'Firewall licence', quantity: 3, unitPrice: 19.99, taxRate: 20 },
      { description: 'Hardware (zero-rated)', quantity: 1, unitPrice: 1234.56, taxRate: 0 },
    ],
    ...over,
  });
  const draft = async (over: object = {}, customerId = ctx.acmeId) => {
    const res = await t.request(
      'POST',
      `/api/staff/customers/${customerId}/invoice-drafts`,
      draftBody(over),
    );
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffInvoiceDocument>();
  };
  const act = (id: string, action: string, payload?: object) =>
    t.request(action === 'draft' ? 'PUT' : 'POST', `/api/staff/invoices/${id}/${action}`, payload);
  const issued = async (over: object = {}) => {
    const doc = await draft(over);
    const res = await act(doc.id, 'issue');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StaffInvoiceDocument>();
  };
  const pay = (id: string, amount: number, over: object = {}) =>
    act(id, 'payments', {
      amount,
      method: 'bank-transfer',
      reference: 'BACS 1234',
      receivedOn: '2026-03-20',
      ...over,
    });
  const customerList = () => acmeInvoices(t);
  const summary = async () =>
    (
      await t.request(
        'GET',
        `/api/customers/${ctx.acmeId}/invoices/summary`,
        undefined,
        ctx.customerCookie,
      )
    ).json<InvoiceSummary>();
  const counts = async () => ({
    invoices: (await t.app.db.select({ n: count() }).from(invoices))[0]?.n,
    lines: (await t.app.db.select({ n: count() }).from(invoiceLines))[0]?.n,
    payments: (await t.app.db.select({ n: count() }).from(invoicePayments))[0]?.n,
    credits: (await t.app.db.select({ n: count() }).from(invoiceCreditNotes))[0]?.n,
    audit: (await t.app.db.select({ n: count() }).from(auditLog))[0]?.n,
  });

  it('drafts with lines, discount and tax per rate: the totals of the one totals module', async () => {
    const doc = await draft();
    const expected = invoiceTotals(
      [
        { quantity: 12_500, unitPrice: 9550, taxRate: 2000 },
        { quantity: 3000, unitPrice: 1999, taxRate: 2000 },
        { quantity: 1000, unitPrice: 123_456, taxRate: 0 },
      ],
      1000,
    );
    expect(doc).toMatchObject({
      state: 'draft',
      currency: 'USD',
      subtotal: expected.subtotal / 100,
      discount: expected.discount / 100,
      tax: expected.tax / 100,
      amount: expected.total / 100,
      balance: expected.total / 100,
      paid: 0,
      credited: 0,
      discountRate: 10,
    });
    // 12.5 × 95.50 = 1193.75; 3 × 19.99 = 59.97; at 20 %: (1253.72 − 125.37) × 20 % = 225.67.
    expect(doc.lines.map((l) => l.amount)).toEqual([1193.75, 59.97, 1234.56]);
    expect(doc.taxes).toEqual([
      { taxRate: 0, net: 1234.56, discount: 123.46, tax: 0 },
      { taxRate: 20, net: 1253.72, discount: 125.37, tax: 225.67 },
    ]);
    expect(doc.amount).toBe(2465.12);
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, doc.id));
    expect(row?.totalMinor).toBe(246_512);
    expect(row?.amount).toBe('2465.12');
  });

  it('keeps a draft from the customer until it is issued, then lists it pending', async () => {
    const doc = await draft();
    const before = await summary();
    expect((await customerList()).some((i) => i.id === doc.id)).toBe(false);
    const pdf = await t.request(
      'GET',
      `/api/customers/${ctx.acmeId}/invoices/${doc.id}/pdf`,
      undefined,
      ctx.customerCookie,
    );
    expect(pdf.statusCode).toBe(404);

    const res = await act(doc.id, 'issue');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ state: 'issued', status: 'pending' });
    const listed = (await customerList()).find((i) => i.id === doc.id);
    expect(listed).toMatchObject({
      amount: 2465.12,
      status: 'pending',
      currency: 'USD',
      lines: [
        { description: 'Help desk hours', quantity: 12.5, unitPrice: 95.5, taxRate: 20 },
        { description: 'Firewall licence', quantity: 3, unitPrice: 19.99, taxRate: 20 },
        { description: 'Hardware (zero-rated)', quantity: 1, unitPrice: 1234.56, taxRate: 0 },
      ],
    });
    expect((await summary()).outstandingBalance).toBeCloseTo(
      before.outstandingBalance + 2465.12,
      2,
    );
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, doc.id));
    expect(events.map((e) => e.type)).toEqual(['invoice.created']);
  });

  it('edits a draft, and never an issued invoice (409, nothing changed)', async () => {
    const doc = await draft();
    const edited = await act(
      doc.id,
      'draft',
      draftBody({
        number: doc.number,
        lines: [{ description: 'One', quantity: 1, unitPrice: 10 }],
        discount: 0,
      }),
    );
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      amount: 10,
      lines: [{ position: 1, description: 'One', taxRate: 0 }],
    });
    await act(doc.id, 'issue');
    const before = await counts();
    const again = await act(doc.id, 'draft', draftBody({ number: doc.number }));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'An issued invoice cannot be edited: void it and issue a new one',
    });
    const legacy = await t.request('PUT', `/api/staff/invoices/${doc.id}`, {
      number: doc.number,
      description: doc.description,
      amount: 11,
      status: 'pending',
      issueDate: doc.issueDate,
      dueDate: doc.dueDate,
    });
    expect(legacy.statusCode).toBe(409);
    expect(await act(doc.id, 'issue').then((r) => [r.statusCode, r.json()])).toEqual([
      409,
      { message: 'Only a draft can be issued' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('takes partial payments to paid, and refuses a payment larger than the balance', async () => {
    const doc = await issued({
      lines: [{ description: 'Retainer', quantity: 1, unitPrice: 1000 }],
      discount: 0,
    });
    const first = await pay(doc.id, 400.5);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      state: 'partly-paid',
      status: 'pending',
      paid: 400.5,
      balance: 599.5,
    });
    expect((await customerList()).find((i) => i.id === doc.id)?.status).toBe('pending');

    const before = await counts();
    const over = await pay(doc.id, 599.51);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toEqual({ message: 'Payment is larger than the balance' });
    expect(await counts()).toEqual(before);

    const rest = await pay(doc.id, 599.5, { method: 'cheque', reference: 'CHQ 0042' });
    expect(rest.json()).toMatchObject({ state: 'paid', status: 'paid', paid: 1000, balance: 0 });
    expect((await customerList()).find((i) => i.id === doc.id)?.status).toBe('paid');
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(eq(domainEvents.entityId, doc.id));
    expect(events.map((e) => e.type).sort()).toEqual(['invoice.created', 'invoice.paid']);
    const more = await pay(doc.id, 1);
    expect([more.statusCode, more.json()]).toEqual([
      409,
      { message: 'The invoice is already paid' },
    ]);
    const audits = await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, doc.id));
    expect(audits.map((a) => a.action).sort()).toEqual([
      'invoice.draft',
      'invoice.issue',
      'invoice.payment',
      'invoice.payment',
    ]);
  });

  it('credits up to the balance: a credit note is its own row, audited, and can settle the invoice', async () => {
    const doc = await issued({
      lines: [{ description: 'Licences', quantity: 10, unitPrice: 30 }],
      discount: 0,
    });
    const credit = (amount: number) =>
      act(doc.id, 'credit-notes', {
        amount,
        reason: 'Two licences returned',
        issuedOn: '2026-03-10',
      });
    const first = await credit(60);
    expect(first.json()).toMatchObject({ state: 'partly-paid', credited: 60, balance: 240 });
    const before = await counts();
    const over = await credit(240.01);
    expect([over.statusCode, over.json()]).toEqual([
      400,
      { message: 'Credit is larger than the balance' },
    ]);
    expect(await counts()).toEqual(before);
    await pay(doc.id, 200);
    const last = await credit(40);
    expect(last.json()).toMatchObject({ state: 'paid', paid: 200, credited: 100, balance: 0 });
    const notes = await t.app.db
      .select()
      .from(invoiceCreditNotes)
      .where(eq(invoiceCreditNotes.invoiceId, doc.id));
    expect(notes.map((n) => n.amountMinor)).toEqual([6000, 4000]);
  });

  it('voids a draft or an unpaid invoice (gone for the customer), never one with money against it', async () => {
    const unpaid = await issued();
    const voided = await act(unpaid.id, 'void', { reason: 'Wrong company' });
    expect(voided.json()).toMatchObject({ state: 'void' });
    expect((await customerList()).some((i) => i.id === unpaid.id)).toBe(false);
    expect((await act(unpaid.id, 'void', { reason: 'Again' })).statusCode).toBe(409);
    const paidOnce = await act(unpaid.id, 'payments', {
      amount: 1,
      method: 'card',
      receivedOn: '2026-03-02',
    });
    expect([paidOnce.statusCode, paidOnce.json()]).toEqual([
      409,
      { message: 'A void invoice cannot be paid or credited' },
    ]);

    const draftOnly = await draft();
    expect((await act(draftOnly.id, 'void', { reason: 'Not needed' })).statusCode).toBe(200);
    const payDraft = await pay((await draft()).id, 1);
    expect(payDraft.json()).toEqual({
      message: 'A draft cannot be paid or credited: issue it first',
    });

    const part = await issued();
    await pay(part.id, 10);
    const refused = await act(part.id, 'void', { reason: 'Too late' });
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: 'An invoice with payments or credits cannot be voided: credit the balance' },
    ]);
    const empty = await act(part.id, 'void', {});
    expect([empty.statusCode, empty.json()]).toEqual([400, { message: 'Reason is required' }]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const [globexProject] = await t.app.db
      .select()
      .from(projects)
      .where(eq(projects.customerId, ctx.globexId))
      .limit(1);
    const line = { description: 'x', quantity: 1, unitPrice: 1, taxRate: 0 };
    const cases: Array<[object, string]> = [
      [{ lines: [{ ...line, quantity: -1 }] }, 'Quantity cannot be negative'],
      [{ lines: [{ ...line, quantity: 0.0001 }] }, 'Quantity must have at most 3 decimals'],
      [{ lines: [{ ...line, taxRate: 100.01 }] }, 'Tax rate cannot be over 100 %'],
      [{ lines: [{ ...line, taxRate: -5 }] }, 'Tax rate cannot be negative'],
      [{ lines: [{ ...line, unitPrice: -1 }] }, 'Unit price cannot be negative'],
      [
        { lines: [{ ...line, unitPrice: 1.001 }] },
        'Unit price must have at most 2 decimals in USD',
      ],
      [{ lines: [] }, 'An invoice needs at least one line'],
      [{ discount: 101 }, 'Discount cannot be over 100 %'],
      [{ currency: 'EUR' }, "Currency must be USD, the company's currency"],
      [{ currency: 'EURO' }, 'Currency must be a 3-letter ISO 4217 code'],
      [
        { lines: [{ ...line, quantity: 1_000_000, unitPrice: 9_999_999_999.99 }] },
        'Invoice total is too large',
      ],
      [{ lines: [{ ...line, projectId: globexProject!.id }] }, 'Project not found'],
    ];
    const before = await counts();
    for (const [over, message] of cases) {
      const res = await t.request(
        'POST',
        `/api/staff/customers/${ctx.acmeId}/invoice-drafts`,
        draftBody(over),
      );
      expect([res.statusCode, res.json()], JSON.stringify(over)).toEqual([400, { message }]);
    }
    const doc = await issued();
    const dup = await t.request(
      'POST',
      `/api/staff/customers/${ctx.acmeId}/invoice-drafts`,
      draftBody({ number: doc.number }),
    );
    expect([dup.statusCode, dup.json()]).toEqual([
      409,
      { message: 'An invoice with this number already exists' },
    ]);
    const mid = await counts();
    for (const [payload, message] of [
      [{ amount: 1, currency: 'EUR' }, "Currency must be USD, the invoice's currency"],
      [{ amount: 0.001 }, 'Amount must have at most 2 decimals in USD'],
      [{ amount: 0 }, 'Amount must be more than zero'],
      [{ amount: -3 }, 'Amount cannot be negative'],
      [{ method: 'bitcoin' }, 'Method must be bank-transfer, cheque, card, direct-debit or other'],
      [{ receivedOn: '2099-01-01' }, 'Received date cannot be in the future'],
    ] as const) {
      const res = await pay(doc.id, 'amount' in payload ? payload.amount : 1, payload);
      expect([res.statusCode, res.json()], JSON.stringify(payload)).toEqual([400, { message }]);
    }
    expect(await counts()).toEqual(mid);
    expect(mid.invoices).toBe((before.invoices ?? 0) + 1);
  });

  it('counts in the company currency: a yen invoice has no minor unit', async () => {
    await t.app.db.update(customers).set({ currency: 'JPY' }).where(eq(customers.id, ctx.globexId));
    const body = {
      lines: [{ description: 'Support', quantity: 1.5, unitPrice: 1001, taxRate: 10 }],
      discount: 0,
    };
    const doc = await draft(body, ctx.globexId);
    // 1.5 × ¥1001 = ¥1501.5 → ¥1502; 10 % tax ¥150.2 → ¥150.
    expect(doc).toMatchObject({ currency: 'JPY', subtotal: 1502, tax: 150, amount: 1652 });
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, doc.id));
    expect([row?.totalMinor, row?.amount]).toEqual([1652, '1652']);
    const cents = await t.request(
      'POST',
      `/api/staff/customers/${ctx.globexId}/invoice-drafts`,
      draftBody({ ...body, lines: [{ ...body.lines[0], unitPrice: 10.5 }] }),
    );
    expect(cents.json()).toEqual({ message: 'Unit price must have at most 0 decimals in JPY' });
    const usd = await t.request(
      'POST',
      `/api/staff/customers/${ctx.globexId}/invoice-drafts`,
      draftBody({ ...body, currency: 'USD' }),
    );
    expect(usd.json()).toEqual({ message: "Currency must be JPY, the company's currency" });
  });
});
