// Which payment methods the online checkout offers per currency (issue 39 item 3, ADR 067):
// card always; a bank debit where one exists for the currency. Written once; the checkout
// asks for these, the webhook maps what was used back to our payment methods.
import type { PaymentMethod } from './schemas/invoice-documents.ts';

/** Stripe's bank-debit method for each currency that has one. */
export const bankDebitByCurrency: Readonly<Record<string, string>> = {
  EUR: 'sepa_debit',
  USD: 'us_bank_account',
  GBP: 'bacs_debit',
};

/** The payment method types a Checkout Session for this currency offers. */
export function checkoutMethods(currency: string): string[] {
  const debit = bankDebitByCurrency[currency];
  return debit ? ['card', debit] : ['card'];
}

/** Our record of a Stripe payment method type: a card, or a bank debit. */
export const paymentMethodOf = (stripeType: string | undefined): PaymentMethod =>
  stripeType && Object.values(bankDebitByCurrency).includes(stripeType) ? 'direct-debit' : 'card';

/**
 * Currencies whose amounts Stripe counts differently from ISO 4217 (Stripe's "special cases":
 * ISK, UGX two-decimal at Stripe, HUF and TWD integer payouts, three-decimal ones rounded to
 * tens): an amount could not be compared exactly, so these are not offered online.
 */
export const NOT_ONLINE = [
  'ISK',
  'UGX',
  'HUF',
  'TWD',
  'BHD',
  'IQD',
  'JOD',
  'KWD',
  'LYD',
  'OMR',
  'TND',
];
export const payableOnline = (currency: string): boolean => !NOT_ONLINE.includes(currency);
