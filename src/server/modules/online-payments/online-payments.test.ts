import { and, count, eq } from 'drizzle-orm';
import { acmeInvoices } from '../../test/customer-invoices.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config.ts';
import {
  auditLog,
  companyPaymentSettings,
  customerUsers,
  domainEvents,
  invoicePayments,
  invoices,
  recurringInvoiceRuns,
  recurringInvoices,
  mailOutbox,
  notifications,
  stripeEvents,
  users,
} from '../../db/schema.ts';
import type { StaffInvoiceDocument } from '../../../shared/schemas/invoice-documents.ts';
import { autopayInvoice } from '../../services/online-payments/autopay.ts';
import { pdfText } from '../../test/pdf-text.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import {
  DECLINING_METHOD,
  STAND_IN_SECRET_KEY,
  STAND_IN_WEBHOOK_SECRET,
  startStripeStandIn,
  type StripeStandIn,
} from '../../test/stripe-stand-in.ts';

/**
 * Online payment (issue 39 item 3, ADR 067) through the real `stripe` library against a local
 * stand-in (src/server/test/stripe-stand-in.ts): this machine cannot reach Stripe. Events are
 * signed with the library's own test-header helper and delivered to the app's webhook route.
 */
describe('online payment with Stripe', () => {
  let standIn: StripeStandIn;
  const config: Partial<Config> = {};
  beforeAll(async () => {
    standIn = await startStripeStandIn();
    config.stripe = {
      secretKey: STAND_IN_SECRET_KEY,
      webhookSecret: STAND_IN_WEBHOOK_SECRET,
      apiBase: standIn.url,
    };
  });
  const t = useStaffTestApp({ config });
  const { ctx } = t;

  /** Runs `during` while every mail insert fails (a commit that dies late), then heals. */
  const whileMailFails = async (during: () => Promise<void>) => {
    await t.app.db.execute(
      `create function fail_mail() returns trigger language plpgsql as $$
       begin raise exception 'disk gone'; end $$`,
    );
    await t.app.db.execute(
      `create trigger fail_mail before insert on mail_outbox
       for each row execute function fail_mail()`,
    );
    try {
      await during();
    } finally {
      await t.app.db.execute('drop trigger fail_mail on mail_outbox');
      await t.app.db.execute('drop function fail_mail');
    }
  };
  beforeAll(() => {
    standIn.setDeliver(
      async (payload, signature) =>
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/stripe/webhook',
            headers: { 'content-type': 'application/json', 'stripe-signature': signature },
            payload,
          })
        ).statusCode,
    );
  });
  afterAll(() => standIn.close());

  let serial = 0;
  /** An issued invoice of Acme: 100.00 + 20 % tax = 120.00 in the company's currency. */
  const issued = async (customerId = ctx.acmeId) => {
    const draft = await t.request('POST', `/api/staff/customers/${customerId}/invoice-drafts`, {
      number: `PAY-${++serial}`,
      description: 'Managed services',
      issueDate: '2026-11-01',
      dueDate: '2026-11-30',
      lines: [{ description: 'Help desk', quantity: 1, unitPrice: 100, taxRate: 20 }],
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json<StaffInvoiceDocument>().id;
    const res = await t.request('POST', `/api/staff/invoices/${id}/issue`);
    expect(res.statusCode, res.body).toBe(200);
    return id;
  };
  const doc = async (id: string) =>
    (await t.request('GET', `/api/staff/invoices/${id}`)).json<StaffInvoiceDocument>();
  const payUrl = (id: string, customerId = ctx.acmeId) =>
    `/api/customers/${customerId}/invoices/${id}/pay`;
  /** Opens Checkout as the portal's Pay does; the session id from the redirect. */
  const checkout = async (id: string, cookie = ctx.customerCookie) => {
    const res = await t.request('GET', payUrl(id), undefined, cookie);
    expect(res.statusCode, res.body).toBe(303);
    const location = String(res.headers.location);
    expect(location.startsWith(`${standIn.url}/pay/`)).toBe(true);
    return location.slice(`${standIn.url}/pay/`.length);
  };
  const paymentsOf = async (id: string) =>
    t.app.db.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, id));
  const outcomeOf = async (eventId: string) =>
    (await t.app.db.select().from(stripeEvents).where(eq(stripeEvents.id, eventId)))[0]?.outcome;
  /** A payment intent naming the invoice, as Stripe would send it, not yet delivered. */
  const intentFor = (id: string, amount: number, currency = 'usd') =>
    standIn.paymentIntent({
      amount,
      currency,
      metadata: { invoiceId: id, companyId: ctx.acmeId },
      methodType: 'card',
    });
  const succeeded = (intent: ReturnType<typeof intentFor>) => {
    const event = standIn.event('payment_intent.succeeded', intent);
    return event as typeof event & { data: { object: typeof intent } };
  };
  /** The amounts the product asked Stripe to refund of these payment intents. */
  const refundsOf = (...paymentIntents: string[]) =>
    standIn.refunds
      .filter((r) => paymentIntents.includes(String(r.payment_intent)))
      .map((r) => r.amount);
  /** The audited refunds of payments the invoice could not take. */
  const refundAudit = async (id: string) =>
    (
      await t.app.db
        .select()
        .from(auditLog)
        .where(
          and(eq(auditLog.entityId, id), eq(auditLog.action, 'invoice.online_payment_refunded')),
        )
    ).map((a) => a.details);

  /** "Payment received" notices of the invoice: queued, or already mailed by the outbox. */
  const paidNotices = async (id: string, number: string) => {
    const queued = (
      await t.app.db.select().from(notifications).where(eq(notifications.type, 'invoice.paid'))
    ).filter((n) => n.data.invoiceId === id);
    const mailed = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `Payment received for invoice ${number}`));
    return queued.length + mailed.length;
  };

  it('links every invoice the customer can pay online to Checkout, and nothing else', async () => {
    const id = await issued();
    const list = await acmeInvoices(t);
    expect(list.find((i) => i.id === id)?.paymentUrl).toBe(payUrl(id));
    // The seeded unpaid invoices (some with a link staff pasted) open Checkout too.
    for (const invoice of list.filter((i) => i.status !== 'paid'))
      expect(invoice.paymentUrl).toBe(payUrl(invoice.id));
    // A paid invoice offers nothing to pay.
    expect(list.filter((i) => i.status === 'paid' && i.paymentUrl)).toEqual([]);
    // The PDF's Pay online is the same door, as an absolute address (words may wrap there).
    const pdf = await t.request(
      'GET',
      `${payUrl(id).slice(0, -'/pay'.length)}/pdf`,
      undefined,
      ctx.customerCookie,
    );
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, '')).toMatch(
      new RegExp(`Payonline:https?://[^/]+${payUrl(id).replaceAll('/', '\\/')}`),
    );
  });

  it('opens Checkout for the open balance in the currency, card and the bank debit of USD', async () => {
    const id = await issued();
    await t.request('POST', `/api/staff/invoices/${id}/payments`, {
      amount: 20,
      method: 'bank-transfer',
      receivedOn: '2026-11-02',
    });
    const sessionId = await checkout(id);
    const session = standIn.sessions.get(sessionId)!;
    expect(session.amount_total).toBe(10000);
    expect(session.currency).toBe('usd');
    expect(session.allowed_payment_method_types).toEqual(['card', 'us_bank_account']);
    expect(session.metadata).toMatchObject({ invoiceId: id, companyId: ctx.acmeId });
    expect(String(session.success_url)).toContain(`/portal/invoices?company=${ctx.acmeId}`);
  });

  it('lets only the billing and admin roles pay, and only an invoice of their company', async () => {
    const id = await issued();
    const [tech] = await t.app.db
      .insert(users)
      .values({ email: 'pat.pay@acme-logistics.example', firstName: 'Pat', lastName: 'Tech' })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: tech!.id, customerId: ctx.acmeId, role: 'technical', position: 0 });
    const techCookie = await sessionCookieFor(t.app, 'pat.pay@acme-logistics.example');
    expect((await t.request('GET', payUrl(id), undefined, techCookie)).statusCode).toBe(403);
    const [billing] = await t.app.db
      .insert(users)
      .values({ email: 'bo.billing@acme-logistics.example', firstName: 'Bo', lastName: 'Bill' })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: billing!.id, customerId: ctx.acmeId, role: 'billing', position: 0 });
    await checkout(id, await sessionCookieFor(t.app, 'bo.billing@acme-logistics.example'));
    // Globex's invoice through Acme's path: not found.
    const globex = await issued(ctx.globexId);
    const other = await t.request('GET', payUrl(globex), undefined, ctx.customerCookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ message: 'Invoice not found' });
  });

  it('refuses Checkout for a paid or void invoice (409)', async () => {
    const id = await issued();
    await t.request('POST', `/api/staff/invoices/${id}/void`, { reason: 'Wrong company' });
    const res = await t.request('GET', payUrl(id), undefined, ctx.customerCookie);
    // A void invoice is not the customer's to see at all.
    expect(res.statusCode).toBe(404);
    const paid = await issued();
    await t.request('POST', `/api/staff/invoices/${paid}/payments`, {
      amount: 120,
      method: 'cheque',
      receivedOn: '2026-11-02',
    });
    const again = await t.request('GET', payUrl(paid), undefined, ctx.customerCookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This invoice cannot be paid online' });
  });

  it('records a paid Checkout once from the verified webhook: paid, balance 0, a receipt', async () => {
    const id = await issued();
    await standIn.pay(await checkout(id));
    const [payment, ...more] = await paymentsOf(id);
    expect(more).toEqual([]);
    expect(payment).toMatchObject({ amountMinor: 12000, method: 'card', recordedBy: null });
    expect(payment!.reference).toMatch(/^pi_/);
    const d = await doc(id);
    expect(d).toMatchObject({ state: 'paid', status: 'paid', balance: 0, paid: 120 });
    const receipts = await t.app.db
      .select()
      .from(mailOutbox)
      .where(
        eq(mailOutbox.subject, `Receipt for your payment of USD 120.00 (invoice PAY-${serial})`),
      );
    expect(receipts.map((m) => m.to)).toContain('jordan.lee@acme-logistics.example');
    expect(receipts[0]!.text).toContain('USD 120.00');
    expect(receipts[0]!.text).toContain('USD 0.00');
    // One mail per payment: the receipt, not the "Payment received" notice as well; the event
    // (webhooks out) is still recorded. A staff-recorded payment still sends its notice.
    expect(await paidNotices(id, `PAY-${serial}`)).toBe(0);
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(and(eq(domainEvents.entityId, id), eq(domainEvents.type, 'invoice.paid')));
    expect(events).toHaveLength(1);
    const byStaff = await issued();
    const paid = await t.request('POST', `/api/staff/invoices/${byStaff}/payments`, {
      amount: 120,
      method: 'cheque',
      receivedOn: '2026-11-02',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await paidNotices(byStaff, `PAY-${serial}`)).toBeGreaterThan(0);
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'invoice.payment')));
    expect(audit.map((a) => a.actorName)).toEqual(['Stripe']);
  });

  it('answers a bad or missing signature 400 and records nothing', async () => {
    const id = await issued();
    const payload = JSON.stringify(succeeded(intentFor(id, 12000)));
    for (const signature of ['t=1,v1=00', undefined]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/stripe/webhook',
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'stripe-signature': signature } : {}),
        },
        payload,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid Stripe signature' });
    }
    // Signed with another secret: refused the same.
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: {
        'content-type': 'application/json',
        'stripe-signature': t.app.stripe!.webhooks.generateTestHeaderString({
          payload,
          secret: 'whsec_someone_else',
        }),
      },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(await paymentsOf(id)).toEqual([]);
    expect((await t.app.db.select({ n: count() }).from(stripeEvents))[0]!.n).toBeGreaterThan(0);
  });

  it('records a replayed event once, also when two deliveries arrive together', async () => {
    const id = await issued();
    const event = succeeded(intentFor(id, 5000));
    expect(await standIn.send(event)).toBe(200);
    expect(await standIn.send(event)).toBe(200);
    const concurrent = succeeded(intentFor(id, 1000));
    expect(await Promise.all([standIn.send(concurrent), standIn.send(concurrent)])).toEqual([
      200, 200,
    ]);
    expect((await paymentsOf(id)).map((p) => p.amountMinor).sort()).toEqual([1000, 5000]);
    expect(await outcomeOf(event.id)).toBe('recorded');
    // The same payment intent in a new event (Stripe resends it with another id): still once.
    const [first] = await paymentsOf(id);
    const intent = { ...intentFor(id, 5000), id: first!.reference };
    expect(await standIn.send(succeeded(intent))).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(2);
  });

  it('ignores an unknown invoice (200): nothing recorded, nothing refunded', async () => {
    const unknown = succeeded({
      ...intentFor(crypto.randomUUID(), 100),
      metadata: { invoiceId: crypto.randomUUID(), companyId: ctx.acmeId },
    });
    expect(await standIn.send(unknown)).toBe(200);
    expect(await outcomeOf(unknown.id)).toBe('ignored: unknown invoice');
    const noMetadata = succeeded({ ...intentFor('x', 100), metadata: {} });
    expect(await standIn.send(noMetadata)).toBe(200);
    // Another company's id beside the invoice: not that invoice.
    const id = await issued();
    const wrongCompany = succeeded({
      ...intentFor(id, 100),
      metadata: { invoiceId: id, companyId: ctx.globexId },
    });
    expect(await standIn.send(wrongCompany)).toBe(200);
    expect(await outcomeOf(wrongCompany.id)).toBe('ignored: unknown invoice');
    expect(await paymentsOf(id)).toEqual([]);
    expect(refundsOf(unknown.data.object.id, wrongCompany.data.object.id)).toEqual([]);
  });

  // The finding of 2026-11-28: a Checkout amount is fixed when its page opens; if the invoice
  // changed before the payment arrived, the customer's money was kept and nothing recorded.
  describe('a payment the invoice can no longer take in full is refunded, the rest applied', () => {
    it('two Checkout pages both paid: the second is refunded in full, its refund event changes nothing', async () => {
      const id = await issued();
      await standIn.pay(await checkout(id));
      const second = succeeded(intentFor(id, 12000));
      expect(await standIn.send(second)).toBe(200);
      expect(await paymentsOf(id)).toHaveLength(1);
      expect(await doc(id)).toMatchObject({ state: 'paid', balance: 0, refunded: 0 });
      const pi = second.data.object.id;
      expect(refundsOf(pi)).toEqual([12000]);
      expect(await outcomeOf(second.id)).toBe(
        'not applied: refunded USD 120.00, the invoice was already paid',
      );
      expect(await refundAudit(id)).toEqual([
        expect.objectContaining({ amount: 12000, applied: 0, reason: 'invoice was already paid' }),
      ]);
      const mails = await t.app.db
        .select()
        .from(mailOutbox)
        .where(
          eq(mailOutbox.subject, `We refunded USD 120.00 of your payment (invoice PAY-${serial})`),
        );
      expect(mails.map((m) => m.to)).toContain('jordan.lee@acme-logistics.example');
      expect(mails[0]!.text).toContain(
        `We refunded USD 120.00: invoice PAY-${serial} was already paid`,
      );
      // Stripe's charge.refunded for that refund: money never applied, nothing to reverse.
      expect(await standIn.refund(pi, 12000)).toBe(200);
      expect(await doc(id)).toMatchObject({ state: 'paid', balance: 0, refunded: 0 });
    });

    it('a manual part-payment, then the card: the balance applied, the rest refunded; only a later refund reverses', async () => {
      const id = await issued();
      const session = await checkout(id);
      await t.request('POST', `/api/staff/invoices/${id}/payments`, {
        amount: 50,
        method: 'bank-transfer',
        receivedOn: '2026-11-02',
      });
      // Staff's write expired the page; a payment Stripe took on it just before arrives late.
      expect(standIn.sessions.get(session)!.status).toBe('expired');
      const late = succeeded(intentFor(id, 12000));
      expect(await standIn.send(late)).toBe(200);
      const online = (await paymentsOf(id)).find((p) => p.reference.startsWith('pi_'))!;
      expect(online.amountMinor).toBe(7000);
      expect(await doc(id)).toMatchObject({ state: 'paid', balance: 0, paid: 120 });
      expect(refundsOf(online.reference)).toEqual([5000]);
      expect(await refundAudit(id)).toEqual([
        expect.objectContaining({
          amount: 5000,
          applied: 7000,
          reason: 'invoice had only USD 70.00 left to pay',
        }),
      ]);
      // The automatic refund's event: Stripe's cumulative total is 50.00, all of it unapplied.
      expect(await standIn.refund(online.reference, 5000)).toBe(200);
      expect(await doc(id)).toMatchObject({ state: 'paid', refunded: 0 });
      // Staff then refund 20.00 of the applied part in Stripe: that is reversed, once.
      expect(await standIn.refund(online.reference, 7000)).toBe(200);
      expect(await doc(id)).toMatchObject({ state: 'partly-paid', balance: 20, refunded: 20 });
    });

    it('a void invoice, then the payment: all of it refunded, no payment recorded', async () => {
      const id = await issued();
      const session = await checkout(id);
      await t.request('POST', `/api/staff/invoices/${id}/void`, { reason: 'Sent twice' });
      // Staff's write expired the page; a payment Stripe took on it just before arrives late.
      expect(standIn.sessions.get(session)!.status).toBe('expired');
      const late = succeeded(intentFor(id, 12000));
      expect(await standIn.send(late)).toBe(200);
      expect(await paymentsOf(id)).toEqual([]);
      const pi = late.data.object.id;
      expect(refundsOf(pi)).toEqual([12000]);
      expect(await refundAudit(id)).toEqual([
        expect.objectContaining({ amount: 12000, applied: 0, reason: 'invoice was already void' }),
      ]);
    });

    it('a credit note, then the payment: what is owed applied, the credit refunded', async () => {
      const id = await issued();
      const session = await checkout(id);
      const credit = await t.request('POST', `/api/staff/invoices/${id}/credit-notes`, {
        amount: 40,
        reason: 'Goodwill',
        issuedOn: '2026-11-03',
      });
      expect(credit.statusCode, credit.body).toBe(200);
      // Staff's write expired the page; a payment Stripe took on it just before arrives late.
      expect(standIn.sessions.get(session)!.status).toBe('expired');
      const late = succeeded(intentFor(id, 12000));
      expect(await standIn.send(late)).toBe(200);

      const [payment] = await paymentsOf(id);
      expect(payment!.amountMinor).toBe(8000);
      expect(await doc(id)).toMatchObject({ state: 'paid', balance: 0 });
      expect(refundsOf(payment!.reference)).toEqual([4000]);
    });

    it('two customers paying at once: one applied, the other refunded, nothing kept', async () => {
      const id = await issued();
      const a = succeeded(intentFor(id, 12000));
      const b = succeeded(intentFor(id, 12000));
      expect(await Promise.all([standIn.send(a), standIn.send(b)])).toEqual([200, 200]);
      const payments = await paymentsOf(id);
      expect(payments.map((p) => p.amountMinor)).toEqual([12000]);
      const other = [a, b].find((e) => e.data.object.id !== payments[0]!.reference)!;
      expect(refundsOf(a.data.object.id, b.data.object.id)).toEqual([12000]);
      expect(standIn.refunds.at(-1)!.payment_intent).toBe(other.data.object.id);
      expect(await doc(id)).toMatchObject({ state: 'paid', balance: 0 });
    });

    it('more than the balance, or another currency: the excess or all of it refunded', async () => {
      const id = await issued();
      const over = succeeded(intentFor(id, 12001));
      expect(await standIn.send(over)).toBe(200);
      expect(await outcomeOf(over.id)).toBe(
        'recorded: refunded USD 0.01, the invoice had only USD 120.00 left to pay',
      );
      expect(refundsOf(over.data.object.id)).toEqual([1]);
      const other = await issued();
      const euros = succeeded(intentFor(other, 12000, 'eur'));
      expect(await standIn.send(euros)).toBe(200);
      expect(await outcomeOf(euros.id)).toBe(
        'not applied: refunded EUR 120.00, the invoice is in USD, not EUR',
      );
      expect(await paymentsOf(other)).toEqual([]);
      expect(refundsOf(euros.data.object.id)).toEqual([12000]);
    });

    it('a replayed or re-sent event, or a retry after a failed commit, refunds once', async () => {
      const id = await issued();
      await standIn.pay(await checkout(id));
      const late = succeeded(intentFor(id, 12000));
      const pi = late.data.object.id;
      // The commit fails after Stripe refunded (the mail insert, as if the server died there).
      await whileMailFails(async () => {
        expect(await standIn.send(late)).toBe(500);
      });
      expect(await refundAudit(id)).toEqual([]);
      // Stripe retries the event; then replays it; then sends the intent in a new event.
      expect(await standIn.send(late)).toBe(200);
      expect(await standIn.send(late)).toBe(200);
      expect(await standIn.send(succeeded(late.data.object))).toBe(200);
      expect(refundsOf(pi)).toEqual([12000]);
      expect(
        standIn.calls.filter((c) => c.path === '/v1/refunds' && c.body.payment_intent === pi),
      ).toHaveLength(2);
      expect(await refundAudit(id)).toHaveLength(1);
      expect(await paymentsOf(id)).toHaveLength(1);
    });
  });

  it('a new Checkout page for an invoice expires the earlier open ones at Stripe', async () => {
    const id = await issued();
    const first = await checkout(id);
    const second = await checkout(id);
    expect(standIn.sessions.get(first)!.status).toBe('expired');
    expect(standIn.sessions.get(second)!.status).toBe('open');
    await expect(standIn.pay(first)).rejects.toThrow(/expired/);
    await standIn.pay(second);
    expect(await doc(id)).toMatchObject({ state: 'paid', balance: 0 });
    // Owed again after a refund: a new page; the paid one cannot be expired (400), and is forgotten.
    await standIn.refund((await paymentsOf(id))[0]!.reference, 12000);
    const expireCalls = () =>
      standIn.calls.filter((c) => c.path.endsWith('/expire') && c.path.includes(second));
    await checkout(id);
    await checkout(id);
    expect(expireCalls()).toHaveLength(1);
    expect(standIn.sessions.get(second)!.status).toBe('complete');
  });

  it('staff paying, crediting, voiding or marking paid expire the open Checkout page', async () => {
    const staffWrites: [string, (id: string) => Promise<{ statusCode: number; body: string }>][] = [
      [
        'payment',
        (id) =>
          t.request('POST', `/api/staff/invoices/${id}/payments`, {
            amount: 120,
            method: 'bank-transfer',
            receivedOn: '2026-11-02',
          }),
      ],
      [
        'part payment',
        (id) =>
          t.request('POST', `/api/staff/invoices/${id}/payments`, {
            amount: 20,
            method: 'cheque',
            receivedOn: '2026-11-02',
          }),
      ],
      [
        'credit note',
        (id) =>
          t.request('POST', `/api/staff/invoices/${id}/credit-notes`, {
            amount: 20,
            reason: 'Goodwill',
            issuedOn: '2026-11-02',
          }),
      ],
      ['void', (id) => t.request('POST', `/api/staff/invoices/${id}/void`, { reason: 'Wrong' })],
      [
        'paid by hand',
        async (id) => {
          const d = await doc(id);
          return t.request('PUT', `/api/staff/invoices/${id}`, {
            number: d.number,
            description: d.description,
            amount: d.amount,
            issueDate: d.issueDate,
            dueDate: d.dueDate,
            status: 'paid',
            paymentUrl: '',
          });
        },
      ],
    ];
    for (const [what, write] of staffWrites) {
      const id = await issued();
      const page = await checkout(id);
      const res = await write(id);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
      expect(standIn.sessions.get(page)!.status, what).toBe('expired');
      await expect(standIn.pay(page), what).rejects.toThrow(/expired/);
    }
  });

  it('takes a partly paid invoice to paid with a second Checkout for the rest', async () => {
    const id = await issued();
    await t.request('POST', `/api/staff/invoices/${id}/payments`, {
      amount: 30.5,
      method: 'bank-transfer',
      receivedOn: '2026-11-02',
    });
    expect((await doc(id)).state).toBe('partly-paid');
    await standIn.pay(await checkout(id), 'us_bank_account');
    const d = await doc(id);
    expect(d).toMatchObject({ state: 'paid', balance: 0, paid: 120 });
    const online = (await paymentsOf(id)).find((p) => p.reference.startsWith('pi_'));
    expect(online).toMatchObject({ amountMinor: 8950, method: 'direct-debit' });
  });

  it('reflects refunds: paid → partly paid → issued, each amount once, audited', async () => {
    const id = await issued();
    await standIn.pay(await checkout(id));
    const [payment] = await paymentsOf(id);
    const pi = payment!.reference;
    expect(await standIn.refund(pi, 2000, 'evt_refund_1')).toBe(200);
    expect(await doc(id)).toMatchObject({
      state: 'partly-paid',
      status: 'pending',
      balance: 20,
      refunded: 20,
    });
    // The same refund event again, and a later one with the cumulative total.
    expect(await standIn.refund(pi, 2000, 'evt_refund_1')).toBe(200);
    expect(await standIn.refund(pi, 2000)).toBe(200);
    expect((await doc(id)).refunded).toBe(20);
    expect(await standIn.refund(pi, 12000)).toBe(200);
    expect(await doc(id)).toMatchObject({ state: 'issued', balance: 120, refunded: 120 });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'invoice.refund')));
    expect(audit.map((a) => (a.details as { amount: number }).amount)).toEqual([2000, 10000]);
    // Owed again: the customer can pay it online again.
    await checkout(id);
  });

  it('flags a dispute for staff; lost, the money is owed again; won, nothing moves', async () => {
    const id = await issued();
    await standIn.pay(await checkout(id));
    const pi = (await paymentsOf(id))[0]!.reference;
    expect(await standIn.dispute(pi, 'needs_response')).toBe(200);
    expect(await doc(id)).toMatchObject({ dispute: 'open', state: 'paid', balance: 0 });
    expect(await standIn.dispute(pi, 'lost')).toBe(200);
    expect(await doc(id)).toMatchObject({ dispute: 'lost', state: 'issued', balance: 120 });
    const actions = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining(['invoice.dispute', 'invoice.dispute_lost']),
    );
    const won = await issued();
    await standIn.pay(await checkout(won));
    const wonPi = (await paymentsOf(won))[0]!.reference;
    await standIn.dispute(wonPi, 'needs_response');
    await standIn.dispute(wonPi, 'won');
    expect(await doc(won)).toMatchObject({ dispute: 'won', state: 'paid', balance: 0 });
  });

  it('loses nothing when the write fails between arrival and commit: the retry records once', async () => {
    const id = await issued();
    const event = succeeded(intentFor(id, 12000));
    // The fault: the receipt mail's insert fails, after the event row and the payment were
    // written in the same transaction — as if the server died there.
    await whileMailFails(async () => {
      expect(await standIn.send(event)).toBe(500);
      expect(await paymentsOf(id)).toEqual([]);
      expect(await outcomeOf(event.id)).toBeUndefined();
    });
    // Stripe retries with the same event id.
    expect(await standIn.send(event)).toBe(200);
    expect(await standIn.send(event)).toBe(200);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect((await doc(id)).state).toBe('paid');
  });

  describe('autopay', () => {
    it('saves a method through Checkout in setup mode, then charges an invoice off-session', async () => {
      const before = await t.request(
        'GET',
        `/api/customers/${ctx.acmeId}/autopay`,
        undefined,
        ctx.customerCookie,
      );
      expect(before.json()).toEqual({ available: true, saved: false, autopay: false });
      const off = await t.request(
        'PUT',
        `/api/customers/${ctx.acmeId}/autopay`,
        { autopay: true },
        ctx.customerCookie,
      );
      expect(off.statusCode).toBe(409);
      const res = await t.request(
        'GET',
        `/api/customers/${ctx.acmeId}/autopay/setup`,
        undefined,
        ctx.customerCookie,
      );
      expect(res.statusCode).toBe(303);
      const sessionId = String(res.headers.location).split('/pay/')[1]!;
      expect(standIn.sessions.get(sessionId)).toMatchObject({ mode: 'setup' });
      await standIn.pay(sessionId);
      const after = await t.request(
        'GET',
        `/api/customers/${ctx.acmeId}/autopay`,
        undefined,
        ctx.customerCookie,
      );
      expect(after.json()).toEqual({ available: true, saved: true, autopay: true });

      const id = await issued();
      const result = await autopayInvoice(t.app.db, t.app.stripe!, id);
      expect(result).toMatchObject({ status: 'requested' });
      // The same call again before the webhook: the same payment intent (idempotency key).
      const again = await autopayInvoice(t.app.db, t.app.stripe!, id);
      expect(again).toEqual(result);
      // Recorded by the webhook, as every payment is.
      await expect.poll(async () => (await doc(id)).state).toBe('paid');
      expect(await paymentsOf(id)).toHaveLength(1);
      expect(await autopayInvoice(t.app.db, t.app.stripe!, id)).toEqual({
        status: 'skipped',
        reason: 'nothing to pay online',
      });
    });

    // Recurring invoices (ADR 068) issued for a company with autopay on are charged once the
    // run has committed, and recorded by the webhook like any payment.
    it('a recurring run that issues an invoice autopays it; a draft-only run does not', async () => {
      const schedule = async (action: 'issue' | 'draft') => {
        const res = await t.request(
          'POST',
          `/api/staff/customers/${ctx.acmeId}/recurring-invoices`,
          {
            name: `Retainer (${action})`,
            lines: [{ description: 'Help desk', quantity: 1, unitPrice: 100, taxRate: 20 }],
            cadence: 'monthly',
            runDay: 1,
            timeZone: 'UTC',
            paymentTermsDays: 14,
            action,
            startsOn: '2031-01-01',
          },
        );
        expect(res.statusCode, res.body).toBe(201);
        return res.json<{ id: string }>().id;
      };
      const issuing = await schedule('issue');
      const drafting = await schedule('draft');
      expect(await t.app.sweepRecurringInvoices(new Date('2031-01-01T00:30:00Z'))).toBe(2);
      const madeBy = async (scheduleId: string) =>
        (
          await t.app.db
            .select({ id: recurringInvoiceRuns.invoiceId })
            .from(recurringInvoiceRuns)
            .where(eq(recurringInvoiceRuns.scheduleId, scheduleId))
        )[0]!.id!;
      const paid = await madeBy(issuing);
      await expect.poll(async () => (await doc(paid)).state).toBe('paid');
      expect(await paymentsOf(paid)).toHaveLength(1);
      expect((await doc(await madeBy(drafting))).state).toBe('draft');
      await t.app.db.delete(recurringInvoices);
    });

    it('skips a company that has not opted in, and reports a declined card as failed', async () => {
      const globexInvoice = await issued(ctx.globexId);
      expect(await autopayInvoice(t.app.db, t.app.stripe!, globexInvoice)).toEqual({
        status: 'skipped',
        reason: 'autopay is off',
      });
      await t.app.db
        .update(companyPaymentSettings)
        .set({ paymentMethodId: DECLINING_METHOD })
        .where(eq(companyPaymentSettings.customerId, ctx.acmeId));
      const id = await issued();
      expect(await autopayInvoice(t.app.db, t.app.stripe!, id)).toEqual({
        status: 'failed',
        reason: 'Your card was declined.',
      });
      expect((await doc(id)).state).toBe('issued');
      const res = await t.request(
        'PUT',
        `/api/customers/${ctx.acmeId}/autopay`,
        { autopay: false },
        ctx.customerCookie,
      );
      expect(res.json()).toEqual({ saved: true, autopay: false });
      expect(await autopayInvoice(t.app.db, t.app.stripe!, id)).toMatchObject({
        status: 'skipped',
      });
    });
  });
});

describe('without Stripe keys', () => {
  const t = useStaffTestApp();
  const { ctx } = t;

  it('keeps the Pay button as before: the pasted link or none; the new routes answer 404', async () => {
    const list = await acmeInvoices(t);
    const [row] = await t.app.db.select().from(invoices).where(eq(invoices.customerId, ctx.acmeId));
    // The seeded list: pasted links where staff pasted them, nothing else.
    expect(
      list.filter((i) => i.paymentUrl && !i.paymentUrl.startsWith('https://pay.example.com/')),
    ).toEqual([]);
    const pay = await t.request(
      'GET',
      `/api/customers/${ctx.acmeId}/invoices/${row!.id}/pay`,
      undefined,
      ctx.customerCookie,
    );
    expect(pay.statusCode).toBe(404);
    expect(pay.json()).toEqual({ message: 'Online payment is not set up' });
    const hook = await t.app.inject({
      method: 'POST',
      url: '/api/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=0' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    const autopay = await t.request(
      'GET',
      `/api/customers/${ctx.acmeId}/autopay`,
      undefined,
      ctx.customerCookie,
    );
    expect(autopay.json()).toEqual({ available: false, saved: false, autopay: false });
  });
});
