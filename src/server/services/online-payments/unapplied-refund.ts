// A verified payment that cannot be applied in full (ADR 067): the invoice was paid, voided or
// credited, or less is owed, after the Checkout page opened. The customer's money was taken,
// so what is not applied is refunded through Stripe at once, recorded and audited.
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Tx } from '../../db/client.ts';
import { stripeUnappliedRefunds } from '../../db/schema.ts';
import { formatMoney } from '../../../shared/money-format.ts';
import { recordAudit } from '../audit.ts';
import { balanceMinor, type InvoiceRow } from '../invoice-document.ts';
import { STRIPE } from './stripe-actor.ts';

export type Split = { appliedMinor: number; unappliedMinor: number; reason: string };

/** What of `amount` the invoice can take, and why the rest cannot be. */
export function splitPayment(row: InvoiceRow, currency: string, amount: number): Split {
  if (row.state !== 'issued' && row.state !== 'partly-paid')
    return { appliedMinor: 0, unappliedMinor: amount, reason: `was already ${row.state}` };
  if (currency !== row.currency)
    return {
      appliedMinor: 0,
      unappliedMinor: amount,
      reason: `is in ${row.currency}, not ${currency}`,
    };
  const balance = balanceMinor(row);
  if (amount <= balance) return { appliedMinor: amount, unappliedMinor: 0, reason: '' };
  return {
    appliedMinor: balance,
    unappliedMinor: amount - balance,
    reason:
      balance === 0
        ? 'was already settled'
        : `had only ${formatMoney(balance, row.currency)} left to pay`,
  };
}

/** The payment intent's unapplied part refunded earlier, if any. */
export async function unappliedRefundOf(tx: Tx, paymentIntentId: string) {
  const [row] = await tx
    .select()
    .from(stripeUnappliedRefunds)
    .where(eq(stripeUnappliedRefunds.paymentIntentId, paymentIntentId));
  return row;
}

/**
 * Refunds the unapplied part. Called inside the event's transaction with the invoice locked:
 * if the commit fails after Stripe refunded, the retried event asks again with the same
 * idempotency key and Stripe answers with the same refund, so the money goes back once.
 */
export async function refundUnapplied(
  tx: Tx,
  stripe: Stripe,
  input: { eventId: string; pi: Stripe.PaymentIntent; row: InvoiceRow; currency: string } & Split,
): Promise<void> {
  const { pi, row } = input;
  const refund = await stripe.refunds.create(
    {
      payment_intent: pi.id,
      amount: input.unappliedMinor,
      metadata: { invoiceId: row.id, reason: 'unapplied' },
    },
    // The payment intent, not only the event: a re-sent event for it refunds once too.
    { idempotencyKey: `unapplied-refund-${pi.id}` },
  );
  await tx.insert(stripeUnappliedRefunds).values({
    paymentIntentId: pi.id,
    invoiceId: row.id,
    eventId: input.eventId,
    refundId: refund.id,
    currency: input.currency,
    amountMinor: input.unappliedMinor,
    reason: input.reason,
  });
  await recordAudit(tx, STRIPE, {
    action: 'invoice.online_payment_refunded',
    entityType: 'invoice',
    entityId: row.id,
    customerId: row.customerId,
    details: {
      number: row.number,
      currency: input.currency,
      amount: input.unappliedMinor,
      applied: input.appliedMinor,
      reason: `invoice ${input.reason}`,
      paymentIntent: pi.id,
      refund: refund.id,
    },
  });
}
