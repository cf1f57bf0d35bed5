// Autopay (issue 39 item 3, ADR 067): the one command the recurring-invoice run calls when it
// issues an invoice of a company that opted in. It asks Stripe to charge the saved method for
// the balance, off-session; the payment is recorded by the webhook, like every other.
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';
import { checkoutMethods } from '../../../shared/online-payment.ts';
import { balanceMinor } from '../invoice-document.ts';
import { payable, settingsOf } from './checkout.ts';

export type AutopayResult =
  | { status: 'requested'; paymentIntentId: string; paymentIntentStatus: string }
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; reason: string };

/**
 * Charges the invoice's balance to its company's saved payment method, when autopay is on.
 * The idempotency key names the invoice and what is settled: a second call for the same
 * balance (a retried run, two servers) is the same payment intent, never a second charge.
 * A declined card is `failed` (the invoice stays owed, the customer can pay in the portal).
 */
export async function autopayInvoice(
  db: Db,
  stripe: Stripe,
  invoiceId: string,
): Promise<AutopayResult> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId));
  if (!row) return { status: 'skipped', reason: 'unknown invoice' };
  const settings = await settingsOf(db, row.customerId);
  if (!settings?.autopay || !settings.paymentMethodId)
    return { status: 'skipped', reason: 'autopay is off' };
  if (!payable(row)) return { status: 'skipped', reason: 'nothing to pay online' };
  const metadata = { invoiceId: row.id, companyId: row.customerId, autopay: 'true' };
  try {
    const intent = await stripe.paymentIntents.create(
      {
        amount: balanceMinor(row),
        currency: row.currency.toLowerCase(),
        customer: settings.stripeCustomerId,
        payment_method: settings.paymentMethodId,
        allowed_payment_method_types: checkoutMethods(
          row.currency,
        ) as Stripe.PaymentIntentCreateParams.AllowedPaymentMethodType[],
        off_session: true,
        confirm: true,
        description: `Invoice ${row.number}`,
        metadata,
      },
      { idempotencyKey: `autopay-${row.id}-${row.settledMinor}` },
    );
    return {
      status: 'requested',
      paymentIntentId: intent.id,
      paymentIntentStatus: intent.status,
    };
  } catch (err) {
    // A card error is the customer's bank saying no; anything else (network, keys) is a fault.
    if (err instanceof Stripe.errors.StripeCardError)
      return { status: 'failed', reason: err.message };
    throw err;
  }
}
