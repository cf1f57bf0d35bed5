// Stripe Checkout for the portal (issue 39 item 3, ADR 067): a session for an invoice's open
// balance, and a session in setup mode that saves a card or bank mandate for autopay. Nothing
// is recorded here: a payment is recorded only from the verified webhook (stripe-events.ts).
import { and, eq, inArray } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db } from '../../db/client.ts';
import {
  companyPaymentSettings,
  customers,
  invoices,
  stripeCheckoutSessions,
} from '../../db/schema.ts';
import { customerVisible } from '../../db/invoice-list.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { checkoutMethods, payableOnline } from '../../../shared/online-payment.ts';
import { balanceMinor, INVOICE_NOT_FOUND, type InvoiceRow } from '../invoice-document.ts';

/** The bank debits of `checkoutMethods` are names Stripe's type lists. */
type MethodType = Stripe.Checkout.SessionCreateParams.AllowedPaymentMethodType;

export const NOT_PAYABLE_ONLINE = 'This invoice cannot be paid online';

type Payer = { userId: string; email: string };
type Where = { appUrl: string; companyId: string };

/** Back to the portal's invoices screen of the company, after paying or cancelling. */
const invoicesScreen = ({ appUrl, companyId }: Where, outcome: string) =>
  `${appUrl}/portal/invoices?company=${companyId}&payment=${outcome}`;

/** An invoice the customer may pay online: issued or partly paid, something owed, a currency Stripe counts as we do. */
export const payable = (row: InvoiceRow): boolean =>
  (row.state === 'issued' || row.state === 'partly-paid') &&
  balanceMinor(row) > 0 &&
  payableOnline(row.currency);

/** The Checkout page's address for the invoice's open balance, in its currency. */
export async function startInvoiceCheckout(
  db: Db,
  stripe: Stripe,
  where: Where,
  invoiceId: string,
  payer: Payer,
): Promise<string> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(
      and(eq(invoices.id, invoiceId), eq(invoices.customerId, where.companyId), customerVisible),
    );
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  if (!payable(row)) throw conflict(NOT_PAYABLE_ONLINE);
  await expireOpenCheckouts(db, stripe, row.id);
  const settings = await settingsOf(db, where.companyId);
  const metadata = { invoiceId: row.id, companyId: row.customerId, userId: payer.userId };
  const session = await stripe.checkout.sessions.create({
    mode: 'payment',
    allowed_payment_method_types: checkoutMethods(row.currency) as MethodType[],
    line_items: [
      {
        quantity: 1,
        price_data: {
          currency: row.currency.toLowerCase(),
          unit_amount: balanceMinor(row),
          product_data: { name: `Invoice ${row.number}` },
        },
      },
    ],
    ...(settings ? { customer: settings.stripeCustomerId } : { customer_email: payer.email }),
    client_reference_id: row.id,
    metadata,
    // The payment intent carries the invoice: its succeeded event is what records the payment.
    payment_intent_data: { metadata, description: `Invoice ${row.number}` },
    // The number tells the return notice which invoice to look at (paid yet or not).
    success_url: `${invoicesScreen(where, 'done')}&invoice=${encodeURIComponent(row.number)}`,
    cancel_url: invoicesScreen(where, 'cancelled'),
  });
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  await db.insert(stripeCheckoutSessions).values({ id: session.id, invoiceId: row.id });
  return session.url;
}

/** Stripe's answers for a session that is not open (paid, expired) or not known: nothing to expire. */
const GONE = new Set([400, 404]);

/**
 * Only the newest page for an invoice can be paid: its amount is the balance now. A new page
 * expires the earlier ones, and so does staff changing the balance or the state (a payment, a
 * credit note, a void, paid by hand), after that write commits: Stripe is never called inside
 * a transaction. A session already paid or expired (400) or unknown (404) is forgotten the
 * same; one paid anyway (a race, or a failed call here) is refunded by the webhook for what the
 * invoice cannot take.
 */
export async function expireOpenCheckouts(db: Db, stripe: Stripe, invoiceId: string) {
  const earlier = await db
    .select({ id: stripeCheckoutSessions.id })
    .from(stripeCheckoutSessions)
    .where(eq(stripeCheckoutSessions.invoiceId, invoiceId));
  if (earlier.length === 0) return;
  const done = await Promise.allSettled(
    earlier.map(({ id }) => stripe.checkout.sessions.expire(id).then(() => id)),
  );
  const gone = earlier
    .filter((_, i) => {
      const r = done[i]!;
      return (
        r.status === 'fulfilled' || GONE.has((r.reason as { statusCode?: number }).statusCode ?? 0)
      );
    })
    .map(({ id }) => id);
  if (gone.length > 0)
    await db.delete(stripeCheckoutSessions).where(inArray(stripeCheckoutSessions.id, gone));
}

export async function settingsOf(db: Db, companyId: string) {
  const [row] = await db
    .select()
    .from(companyPaymentSettings)
    .where(eq(companyPaymentSettings.customerId, companyId));
  return row;
}

/** The company's Stripe customer, made once (a second click finds the first one's row). */
async function stripeCustomerOf(db: Db, stripe: Stripe, companyId: string, email: string) {
  const existing = await settingsOf(db, companyId);
  if (existing) return existing.stripeCustomerId;
  const [company] = await db.select().from(customers).where(eq(customers.id, companyId));
  if (!company) throw notFound('Company not found');
  const created = await stripe.customers.create(
    { name: company.name, email, metadata: { companyId } },
    // Two clicks at once make one Stripe customer.
    { idempotencyKey: `company-customer-${companyId}` },
  );
  await db
    .insert(companyPaymentSettings)
    .values({ customerId: companyId, stripeCustomerId: created.id })
    .onConflictDoNothing();
  return (await settingsOf(db, companyId))!.stripeCustomerId;
}

/** The Checkout page (setup mode) that saves the company's card or bank mandate for autopay. */
export async function startAutopaySetup(
  db: Db,
  stripe: Stripe,
  where: Where,
  payer: Payer,
): Promise<string> {
  const [company] = await db.select().from(customers).where(eq(customers.id, where.companyId));
  if (!company) throw notFound('Company not found');
  if (!payableOnline(company.currency)) throw conflict('Autopay is not available in this currency');
  const customer = await stripeCustomerOf(db, stripe, where.companyId, payer.email);
  const metadata = { companyId: where.companyId, userId: payer.userId };
  const session = await stripe.checkout.sessions.create({
    mode: 'setup',
    customer,
    currency: company.currency.toLowerCase(),
    allowed_payment_method_types: checkoutMethods(company.currency) as MethodType[],
    metadata,
    setup_intent_data: { metadata },
    success_url: invoicesScreen(where, 'autopay'),
    cancel_url: invoicesScreen(where, 'cancelled'),
  });
  if (!session.url) throw new Error('Stripe returned a Checkout Session without a URL');
  return session.url;
}

/** Autopay on (only with a saved method) or off; the saved method stays for next time. */
export async function setAutopay(db: Db, companyId: string, on: boolean) {
  const settings = await settingsOf(db, companyId);
  if (on && !settings?.paymentMethodId)
    throw conflict('Save a card or bank account first: set up autopay');
  if (!settings) return { autopay: false, saved: false };
  await db
    .update(companyPaymentSettings)
    .set({ autopay: on })
    .where(eq(companyPaymentSettings.customerId, companyId));
  return { autopay: on, saved: !!settings.paymentMethodId };
}
