import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, customers, domainEvents, invoiceLines, invoices } from '../db/schema.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import type { StaffInvoiceDocument } from '../../shared/schemas/invoice-documents.ts';
import type { Invoice, StaffInvoice } from '../../shared/schemas/invoices.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';

// Issue 39 item 6: what an outside attack on the invoice routes found (a bill for nothing, a
// line of nothing, a silent void, an empty JSON body refused) and what the billing screen reads.
describe('invoice documents: edges found by attack, and the billing screen read', () => {
  const t = useStaffTestApp({ smtpSink: true });
  const { ctx } = t;
  let serial = 0;

  const line = { description: 'Help desk hours', quantity: 2, unitPrice: 95, taxRate: 20 };
  const draft = async (lines: object[] = [line]) => {
    const res = await t.request('POST', `/api/staff/customers/${ctx.acmeId}/invoice-drafts`, {
      number: `EDGE-${++serial}`,
      description: 'Managed services',
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      lines,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<StaffInvoiceDocument>();
  };
  const post = (id: string, action: string, payload?: object) =>
    t.request('POST', `/api/staff/invoices/${id}/${action}`, payload);
  const stateOf = async (id: string) =>
    (await t.app.db.select().from(invoices).where(eq(invoices.id, id)))[0]?.state;
  const deliver = async () => {
    await t.app.notifications.flush();
    await t.app.mail.flush();
  };
  const mailsAbout = (number: string) =>
    t.sink.mailsTo(DEMO_USERS.acme).filter((m) => m.subject.includes(number));

  it('refuses to issue a zero total (400) and leaves it a draft', async () => {
    const free = await draft([{ ...line, unitPrice: 0 }]);
    const audits = (await t.app.db.select({ n: count() }).from(auditLog))[0]?.n;
    const res = await post(free.id, 'issue');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'An invoice with a total of zero cannot be issued' },
    ]);
    expect(await stateOf(free.id)).toBe('draft');
    // The older one-amount route is the same door.
    const oneAmount = await t.request('POST', `/api/staff/customers/${ctx.acmeId}/invoices`, {
      number: 'EDGE-ZERO-AMOUNT',
      description: 'Nothing',
      amount: 0,
      status: 'pending',
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
    });
    expect([oneAmount.statusCode, oneAmount.json()]).toEqual([
      400,
      { message: 'An invoice with a total of zero cannot be issued' },
    ]);
    expect((await t.app.db.select({ n: count() }).from(auditLog))[0]?.n).toBe(audits);
  });

  it('refuses a line of quantity 0 (400), written nowhere', async () => {
    const lines = (await t.app.db.select({ n: count() }).from(invoiceLines))[0]?.n;
    const res = await t.request('POST', `/api/staff/customers/${ctx.acmeId}/invoice-drafts`, {
      number: 'EDGE-ZERO-QTY',
      description: 'Nothing',
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      lines: [{ ...line, quantity: 0 }],
    });
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'Quantity must be more than zero' },
    ]);
    expect((await t.app.db.select({ n: count() }).from(invoiceLines))[0]?.n).toBe(lines);
  });

  it('issues with a JSON content type and an empty body, and still refuses bad JSON', async () => {
    const doc = await draft();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/invoices/${doc.id}/issue`,
      headers: { cookie: ctx.staffCookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect([res.statusCode, res.json<StaffInvoiceDocument>().state]).toEqual([200, 'issued']);
    const broken = await t.app.inject({
      method: 'POST',
      url: `/api/staff/invoices/${(await draft()).id}/issue`,
      headers: { cookie: ctx.staffCookie, 'content-type': 'application/json' },
      payload: '{',
    });
    expect([broken.statusCode, broken.json()]).toEqual([
      400,
      { message: 'Request body is not valid JSON' },
    ]);
  });

  it('mails the customer when an issued invoice is voided, and not for a draft it never saw', async () => {
    const sent = await draft();
    expect((await post(sent.id, 'issue')).statusCode).toBe(200);
    const voided = await post(sent.id, 'void', { reason: 'Billed to the wrong company' });
    expect(voided.statusCode, voided.body).toBe(200);
    const unseen = await draft();
    expect((await post(unseen.id, 'void', { reason: 'Not needed' })).statusCode).toBe(200);
    await deliver();

    const [mail, ...more] = mailsAbout(sent.number).filter((m) => m.subject.includes('cancelled'));
    expect(more).toEqual([]);
    expect(mail?.subject).toBe(`Invoice ${sent.number} is cancelled`);
    expect(mail?.text).toContain(
      `Invoice ${sent.number} for USD 228.00 is cancelled: you owe nothing on it.`,
    );
    // Staff's reason is for the record, not the customer's mail.
    expect(mail?.text).not.toContain('wrong company');
    expect(mailsAbout(unseen.number)).toEqual([]);
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.type, 'invoice.void'), eq(domainEvents.entityId, unseen.id)));
    expect(events).toEqual([]);
  });

  it('a 3-decimal currency: Status and Link takes it, and each invoice mail says its currency', async () => {
    await t.app.db.update(customers).set({ currency: 'BHD' }).where(eq(customers.id, ctx.acmeId));
    try {
      const doc = await draft([{ description: 'Support', quantity: 1, unitPrice: 12.345 }]);
      expect((await post(doc.id, 'issue')).statusCode).toBe(200);
      const marked = await t.request('PUT', `/api/staff/invoices/${doc.id}`, {
        number: doc.number,
        description: doc.description,
        amount: 12.345,
        issueDate: doc.issueDate,
        dueDate: doc.dueDate,
        status: 'overdue',
        paymentUrl: '',
      });
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json<StaffInvoice>()).toMatchObject({ status: 'overdue', amount: 12.345 });
      const paid = await post(doc.id, 'payments', {
        amount: 12.345,
        method: 'bank-transfer',
        receivedOn: '2026-03-20',
      });
      expect(paid.statusCode, paid.body).toBe(200);
      await deliver();
      const texts = mailsAbout(doc.number).map((m) => m.text);
      for (const line of [
        `Invoice ${doc.number} for BHD 12.345 is ready`,
        `Invoice ${doc.number} for BHD 12.345 was due on`,
        `invoice ${doc.number} for BHD 12.345 is paid`,
      ])
        expect(
          texts.some((text) => text.includes(line)),
          line,
        ).toBe(true);
      expect(texts.join('\n')).not.toContain('$');
    } finally {
      await t.app.db.update(customers).set({ currency: 'USD' }).where(eq(customers.id, ctx.acmeId));
    }
  });

  it('reads one invoice for the screen with its payments, credit notes and balance', async () => {
    const doc = await draft();
    await post(doc.id, 'issue');
    await post(doc.id, 'payments', {
      amount: 100,
      method: 'cheque',
      reference: 'CHQ 88',
      receivedOn: '2026-03-10',
    });
    await post(doc.id, 'credit-notes', { amount: 28, reason: 'Goodwill', issuedOn: '2026-03-11' });
    const res = await t.request('GET', `/api/staff/invoices/${doc.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      state: 'partly-paid',
      amount: 228,
      paid: 100,
      credited: 28,
      balance: 100,
      payments: [{ amount: 100, method: 'cheque', reference: 'CHQ 88', receivedOn: '2026-03-10' }],
      creditNotes: [{ amount: 28, reason: 'Goodwill', issuedOn: '2026-03-11' }],
      voidReason: null,
    });
    const list = await t.request('GET', `/api/staff/customers/${ctx.acmeId}/invoices?limit=100`);
    const row = list.json<StaffInvoice[]>().find((i) => i.id === doc.id);
    expect(row).toMatchObject({ state: 'partly-paid', balance: 100, currency: 'USD' });
    // The customer's list carries the same, beside the spec's fields, for the invoice dialog.
    const portal = await t.request(
      'GET',
      `/api/customers/${ctx.acmeId}/invoices?limit=100`,
      undefined,
      ctx.customerCookie,
    );
    expect(portal.json<Invoice[]>().find((i) => i.id === doc.id)).toMatchObject({
      amount: 228,
      discount: 0,
      balance: 100,
      payments: [{ amount: 100, method: 'cheque', reference: 'CHQ 88', receivedOn: '2026-03-10' }],
      creditNotes: [{ amount: 28, reason: 'Goodwill', issuedOn: '2026-03-11' }],
    });
    const missing = await t.request(
      'GET',
      '/api/staff/invoices/00000000-0000-4000-8000-000000000000',
    );
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Invoice not found' }]);
  });
  // Eighth outside attack (billing): a card-paid invoice was set back to pending by the
  // one-amount edit, owing nothing while the customer saw it unpaid.
  it('keeps an invoice settled by its payments paid: the hand edit cannot make it pending (409)', async () => {
    const doc = await draft();
    expect((await post(doc.id, 'issue')).statusCode).toBe(200);
    const paid = await post(doc.id, 'payments', {
      amount: 228,
      method: 'card',
      receivedOn: '2026-03-05',
    });
    expect(paid.json<StaffInvoiceDocument>().state).toBe('paid');
    for (const status of ['pending', 'overdue']) {
      const res = await t.request('PUT', `/api/staff/invoices/${doc.id}`, {
        number: doc.number,
        description: 'Managed services',
        amount: 228,
        status,
        issueDate: '2026-03-01',
        dueDate: '2026-03-31',
      });
      expect([res.statusCode, res.json()]).toEqual([
        409,
        {
          message:
            'This invoice is settled by its payments and credit notes: its status stays paid',
        },
      ]);
    }
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.id, doc.id));
    expect([row?.state, row?.status]).toEqual(['paid', 'paid']);
  });

  // Eighth outside attack (billing): a void invoice's document still showed its balance owed.
  it('shows a void invoice owing nothing', async () => {
    const doc = await draft();
    expect((await post(doc.id, 'issue')).statusCode).toBe(200);
    expect((await post(doc.id, 'void', { reason: 'Sent twice' })).statusCode).toBe(200);
    const read = await t.request('GET', `/api/staff/invoices/${doc.id}`);
    expect(read.json<StaffInvoiceDocument>()).toMatchObject({ state: 'void', balance: 0 });
  });
});
