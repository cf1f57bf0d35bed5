// Online payment with Stripe (issue 39 item 3, ADR 067): the events received, once each, and
// each company's saved payment method for autopay.
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers } from './accounts.ts';
import { invoices } from './billing.ts';

/**
 * Every Stripe event handled, by its id: written in the same transaction as what the event
 * records, so a replay (or Stripe's retry after a crash that rolled the write back) finds the
 * row, or does not and records it then — never twice.
 */
export const stripeEvents = pgTable('stripe_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
  /** What was done: "recorded", or why nothing was (for staff reading a customer's complaint). */
  outcome: text('outcome').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A company's Stripe customer and, once set up in Checkout, the method autopay charges. */
export const companyPaymentSettings = pgTable('company_payment_settings', {
  customerId: uuid('customer_id')
    .primaryKey()
    .references(() => customers.id, { onDelete: 'cascade' }),
  stripeCustomerId: text('stripe_customer_id').notNull().unique(),
  paymentMethodId: text('payment_method_id'),
  /** Recurring invoices are charged to the saved method when issued (autopayInvoice). */
  autopay: boolean('autopay').notNull().default(false),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * The part of a verified online payment that could not be applied to its invoice (paid, void,
 * credited, or less owed than was paid since the Checkout page opened), refunded through
 * Stripe. One row per payment intent: a retried or re-sent event refunds once, and the later
 * `charge.refunded` for this refund is told apart from a refund of money applied (ADR 067).
 */
export const stripeUnappliedRefunds = pgTable('stripe_unapplied_refunds', {
  paymentIntentId: text('payment_intent_id').primaryKey(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  eventId: text('event_id').notNull(),
  refundId: text('refund_id').notNull(),
  currency: text('currency').notNull(),
  amountMinor: integer('amount_minor').notNull(),
  reason: text('reason').notNull(),
  createdAt: createdAt(),
});

/**
 * The Checkout Sessions opened for an invoice's balance: a new one expires the earlier ones at
 * Stripe, so a customer cannot pay an amount fixed before the last page was opened (ADR 067).
 */
export const stripeCheckoutSessions = pgTable('stripe_checkout_sessions', {
  id: text('id').primaryKey(),
  invoiceId: uuid('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});
