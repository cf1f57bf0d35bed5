// What a verified Stripe event changes (issue 39 item 3, ADR 067). Each event id is stored once,
// in the same transaction as what it records: a replay, or Stripe's retry after a crash that
// rolled the write back, finds the row (nothing again) or does not (recorded then, once).
// An event that cannot be recorded (unknown invoice) is stored with the reason, logged, and
// answered 200: Stripe would retry a refusal for days, and a retry cannot make it right. A
// payment its invoice cannot take in full (paid, void, credited, less owed, another currency
// since Checkout opened) is applied as far as it can be and the rest refunded (ADR 067).
import { and, eq, inArray, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client.ts';
import {
  companyPaymentSettings,
  customerUsers,
  invoicePayments,
  invoices,
  stripeEvents,
  users,
} from '../../db/schema.ts';
import { fromMinor } from '../../../shared/currency.ts';
import { formatMoney } from '../../../shared/money-format.ts';
import { paymentMethodOf } from '../../../shared/online-payment.ts';
import { permissions } from '../../../shared/permissions.ts';
import { recordAudit } from '../audit.ts';
import { balanceMinor, type InvoiceRow } from '../invoice-document.ts';
import { recordPayment } from '../invoice-payments.ts';
import { markDispute, reversedOf, reversePayment } from '../invoice-reversals.ts';
import { enqueueMail } from '../mail-outbox.ts';
import { paymentReceiptMail } from './receipt-mail.tsx';
import { unappliedRefundMail } from './refund-mail.tsx';
import { STRIPE } from './stripe-actor.ts';
import { refundUnapplied, splitPayment, unappliedRefundOf } from './unapplied-refund.ts';

export const RECORDED = 'recorded';

export type EventContext = {
  appUrl: string;
  /** Refunds what of a payment cannot be applied to its invoice. */
  stripe: Stripe;
  /** The type of the payment method a payment intent was paid with, when looked up. */
  methodType?: string;
};

type Outcome = { outcome: string; invoiceId?: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idOf = (v: string | { id: string } | null | undefined) =>
  typeof v === 'string' ? v : (v?.id ?? '');
const dayOf = (unixSeconds: number) => new Date(unixSeconds * 1000).toISOString().slice(0, 10);

/**
 * Handles one verified event once. Returns what was done ("recorded", "duplicate", or why
 * nothing was); throws only on a fault (the database), so the route answers 500 and Stripe
 * retries with the same event id.
 */
export async function handleStripeEvent(
  tx: Tx,
  event: Stripe.Event,
  context: EventContext,
): Promise<string> {
  const [claimed] = await tx
    .insert(stripeEvents)
    .values({ id: event.id, type: event.type, outcome: 'pending' })
    .onConflictDoNothing()
    .returning({ id: stripeEvents.id });
  if (!claimed) return 'duplicate';
  const { outcome, invoiceId } = await apply(tx, event, context);
  await tx
    .update(stripeEvents)
    .set({ outcome, invoiceId: invoiceId ?? null })
    .where(eq(stripeEvents.id, event.id));
  return outcome;
}

function apply(tx: Tx, event: Stripe.Event, context: EventContext): Promise<Outcome> {
  switch (event.type) {
    case 'payment_intent.succeeded':
      return paymentSucceeded(tx, event, event.data.object, context);
    case 'setup_intent.succeeded':
      return methodSaved(tx, event.data.object);
    case 'charge.refunded':
      return refunded(tx, event.data.object);
    case 'charge.dispute.created':
    case 'charge.dispute.closed':
      return disputed(tx, event.data.object);
    default:
      return Promise.resolve({ outcome: `ignored: ${event.type} is not handled` });
  }
}

/** The invoice a payment intent names in its metadata, locked; none when unknown. */
async function invoiceOf(tx: Tx, metadata: Stripe.Metadata): Promise<InvoiceRow | undefined> {
  const id = metadata.invoiceId ?? '';
  if (!UUID.test(id)) return undefined;
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  return row && row.customerId === metadata.companyId ? row : undefined;
}

async function paymentSucceeded(
  tx: Tx,
  event: Stripe.Event,
  pi: Stripe.PaymentIntent,
  context: EventContext,
): Promise<Outcome> {
  const row = await invoiceOf(tx, pi.metadata);
  if (!row) return { outcome: 'ignored: unknown invoice' };
  const invoiceId = row.id;
  const [already] = await tx
    .select({ id: invoicePayments.id })
    .from(invoicePayments)
    .where(and(eq(invoicePayments.invoiceId, row.id), eq(invoicePayments.reference, pi.id)));
  if (already || (await unappliedRefundOf(tx, pi.id)))
    return { outcome: 'ignored: payment already recorded', invoiceId };
  const currency = pi.currency.toUpperCase();
  const amount = pi.amount_received;
  if (!(amount > 0)) return { outcome: 'ignored: nothing was received', invoiceId };
  const split = splitPayment(row, currency, amount);
  const contacts = await billingContacts(tx, row.customerId);
  if (split.appliedMinor > 0) {
    const method = paymentMethodOf(context.methodType ?? pi.payment_method_types[0]);
    const receivedOn = dayOf(event.created);
    await recordPayment(
      tx,
      STRIPE,
      row.id,
      {
        amount: fromMinor(split.appliedMinor, currency),
        currency,
        method,
        reference: pi.id,
        receivedOn,
      },
      // The receipt below is the payer's one mail of this payment.
      { receipted: true },
    );
    await enqueueMail(
      tx,
      contacts.map((to) =>
        paymentReceiptMail({
          appUrl: context.appUrl,
          to: to.email,
          firstName: to.firstName,
          companyId: row.customerId,
          number: row.number,
          currency,
          amountMinor: split.appliedMinor,
          balanceMinor: balanceMinor(row) - split.appliedMinor,
          method,
          reference: pi.id,
          receivedOn,
        }),
      ),
    );
  }
  if (split.unappliedMinor === 0) return { outcome: RECORDED, invoiceId };
  await refundUnapplied(tx, context.stripe, { eventId: event.id, pi, row, currency, ...split });
  await enqueueMail(
    tx,
    contacts.map((to) =>
      unappliedRefundMail({
        to: to.email,
        firstName: to.firstName,
        number: row.number,
        currency,
        amountMinor: split.unappliedMinor,
        reason: split.reason,
      }),
    ),
  );
  const refunded = formatMoney(split.unappliedMinor, currency);
  return {
    outcome: `${split.appliedMinor > 0 ? 'recorded' : 'not applied'}: refunded ${refunded}, the invoice ${split.reason}`,
    invoiceId,
  };
}

/** Who gets the receipt: the company's active users whose role sees invoices. */
function billingContacts(tx: Tx, customerId: string) {
  return tx
    .select({ email: users.email, firstName: users.firstName })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(
      and(
        eq(customerUsers.customerId, customerId),
        eq(customerUsers.active, true),
        eq(users.active, true),
        inArray(customerUsers.role, [...permissions.invoices]),
      ),
    );
}

/** Autopay set up: the company's saved method, charged when a recurring invoice is issued. */
async function methodSaved(tx: Tx, si: Stripe.SetupIntent): Promise<Outcome> {
  const companyId = si.metadata?.companyId ?? '';
  const paymentMethodId = idOf(si.payment_method);
  if (!UUID.test(companyId) || !paymentMethodId) return { outcome: 'ignored: unknown company' };
  const [saved] = await tx
    .update(companyPaymentSettings)
    .set({ paymentMethodId, autopay: true, updatedAt: sql`now()` })
    .where(
      and(
        eq(companyPaymentSettings.customerId, companyId),
        eq(companyPaymentSettings.stripeCustomerId, idOf(si.customer)),
      ),
    )
    .returning();
  if (!saved) return { outcome: 'ignored: unknown company' };
  await recordAudit(tx, STRIPE, {
    action: 'company.autopay',
    entityType: 'company',
    entityId: companyId,
    customerId: companyId,
    details: { autopay: true, paymentMethod: paymentMethodId },
  });
  return { outcome: RECORDED };
}

/** The payment a charge or dispute names through its payment intent. */
async function paymentOf(tx: Tx, paymentIntent: string | { id: string } | null) {
  const reference = idOf(paymentIntent);
  if (!reference) return undefined;
  const [payment] = await tx
    .select()
    .from(invoicePayments)
    .where(
      and(
        eq(invoicePayments.reference, reference),
        inArray(invoicePayments.method, ['card', 'direct-debit']),
      ),
    );
  return payment;
}

/** `amount_refunded` is the charge's total so far: what is new is recorded, once. */
async function refunded(tx: Tx, charge: Stripe.Charge): Promise<Outcome> {
  const payment = await paymentOf(tx, charge.payment_intent);
  if (!payment) return { outcome: 'ignored: no payment for this charge' };
  const invoiceId = payment.invoiceId;
  const [row] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId)).for('update');
  if (!row || charge.currency.toUpperCase() !== row.currency)
    return { outcome: 'ignored: currency does not match the invoice', invoiceId };
  const left = payment.amountMinor - (await reversedOf(tx, payment.id));
  // Stripe's total counts the refund of the part never applied (unapplied-refund.ts): not ours.
  const unapplied = (await unappliedRefundOf(tx, payment.reference))?.amountMinor ?? 0;
  const added = Math.min(
    charge.amount_refunded - unapplied - (await reversedOf(tx, payment.id, 'refund')),
    left,
  );
  if (added <= 0) return { outcome: 'ignored: refund already recorded', invoiceId };
  await reversePayment(tx, STRIPE, payment, {
    kind: 'refund',
    amountMinor: added,
    reference: charge.id,
  });
  return { outcome: RECORDED, invoiceId };
}

/** A dispute opened, won or lost; lost, its amount is given back like a refund. */
async function disputed(tx: Tx, dispute: Stripe.Dispute): Promise<Outcome> {
  const payment = await paymentOf(tx, dispute.payment_intent);
  if (!payment) return { outcome: 'ignored: no payment for this dispute' };
  const invoiceId = payment.invoiceId;
  const state =
    dispute.status === 'lost'
      ? 'lost'
      : dispute.status === 'won' || dispute.status === 'warning_closed'
        ? 'won'
        : 'open';
  await markDispute(tx, STRIPE, invoiceId, state, dispute.id);
  if (state === 'lost') {
    const left = payment.amountMinor - (await reversedOf(tx, payment.id));
    const amount = Math.min(dispute.amount, left);
    if (amount > 0)
      await reversePayment(tx, STRIPE, payment, {
        kind: 'dispute-lost',
        amountMinor: amount,
        reference: dispute.id,
      });
  }
  return { outcome: RECORDED, invoiceId };
}
