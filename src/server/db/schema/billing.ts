// Money and hours: invoices, their reminders, and the time worked for a company.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';
import { users, customerRef } from './accounts.ts';
import {
  disputeState,
  invoiceState,
  invoiceStatus,
  paymentMethod,
  paymentReversalKind,
} from './enums.ts';
import { minorAsDecimal } from '../minor-units.ts';
import { projects } from './projects.ts';
import { tickets } from './tickets.ts';
import { agreements } from './agreements.ts';

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    number: text('number').notNull(),
    description: text('description').notNull(),
    /** ISO 4217, the company's currency when the invoice was drafted (ADR 066). */
    currency: char('currency', { length: 3 }).notNull().default('USD'),
    /** The total in the currency's minor units: the stored truth (invoice-totals.ts). */
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    /**
     * The total as the spec's decimal `amount`, derived by the database so every reader (lists,
     * sums, PDF, webhooks) keeps reading a decimal and none divides by hand. Never written.
     */
    amount: numeric('amount').notNull().generatedAlwaysAs(minorAsDecimal('total_minor')),
    /**
     * Payments and credit notes so far, in minor units: kept by the commands that insert them
     * (services/invoice-payments.ts), in the same transaction; the check makes overpaying an
     * invoice impossible even for a command that forgot to look.
     */
    settledMinor: bigint('settled_minor', { mode: 'number' }).notNull().default(0),
    /** What is still owed, as a decimal: the customer's outstanding balance adds these up. */
    balance: numeric('balance')
      .notNull()
      .generatedAlwaysAs(minorAsDecimal('total_minor - settled_minor')),
    /** Spec section 3's status, what the customer sees; the commands keep it with `state`. */
    status: invoiceStatus('status').notNull(),
    /** The document's life: draft → issued → partly-paid → paid, or void (ADR 066). */
    state: invoiceState('state').notNull().default('issued'),
    /** Basis points off every tax rate's net (0..10000). */
    discountBp: integer('discount_bp').notNull().default(0),
    voidReason: text('void_reason'),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    paymentUrl: text('payment_url'),
    /** A card payment of it disputed at the customer's bank (ADR 067): staff see it. */
    dispute: disputeState('dispute'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    // The list's order, so the database reads the rows sorted instead of sorting them.
    index('invoices_customer_issue_idx').on(t.customerId, t.issueDate, t.number),
    // `?q=` (issue 20): trigram indexes answer `ilike '%...%'` without reading every row.
    searchIndex('invoices_search_trgm_idx', t.number, t.description),
    check('invoices_total_nonnegative', sql`${t.totalMinor} >= 0`),
    check('invoices_settled_within_total', sql`${t.settledMinor} between 0 and ${t.totalMinor}`),
    check('invoices_currency_iso', sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check('invoices_discount_bp_range', sql`${t.discountBp} between 0 and 10000`),
  ],
);

/** The invoice a row belongs to: deleting the invoice (with its company) deletes the row. */
const invoiceRef = () =>
  uuid('invoice_id')
    .notNull()
    .references(() => invoices.id, { onDelete: 'cascade' });

/** One line of an invoice; its rounded amount is computed, never stored (invoice-totals.ts). */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: invoiceRef(),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    /** Thousandths of a unit (1.5 hours is 1500): integers, like the money they multiply. */
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The agreement the line bills (ADR 066 addendum): of the invoice's company, ended or not. */
    agreementId: uuid('agreement_id').references(() => agreements.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invoice_lines_invoice_position_idx').on(t.invoiceId, t.position),
    check('invoice_lines_quantity_nonnegative', sql`${t.quantityMilli} >= 0`),
    check('invoice_lines_unit_price_nonnegative', sql`${t.unitPriceMinor} >= 0`),
    check('invoice_lines_tax_rate_range', sql`${t.taxRateBp} between 0 and 10000`),
  ],
);

/** Money received against an invoice (a manual payment staff record; later, Stripe's). */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: invoiceRef(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    method: paymentMethod('method').notNull(),
    reference: text('reference').notNull().default(''),
    receivedOn: date('received_on').notNull(),
    recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payments_invoice_idx').on(t.invoiceId),
    // A refund or dispute names the payment intent only (ADR 067): found by its reference.
    index('invoice_payments_reference_idx').on(t.reference),
    check('invoice_payments_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/**
 * Money paid and given back (ADR 067): a refund, or a dispute lost. It lowers
 * `invoices.settled_minor` again, so the balance is owed once more; the payment row stays.
 */
export const invoicePaymentReversals = pgTable(
  'invoice_payment_reversals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: invoiceRef(),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => invoicePayments.id, { onDelete: 'cascade' }),
    kind: paymentReversalKind('kind').notNull(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    /** Stripe's charge (refunds) or dispute id. */
    reference: text('reference').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_payment_reversals_payment_idx').on(t.paymentId),
    check('invoice_payment_reversals_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** A credit note: an amount taken off an invoice's balance, with its reason. */
export const invoiceCreditNotes = pgTable(
  'invoice_credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: invoiceRef(),
    amountMinor: bigint('amount_minor', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    issuedOn: date('issued_on').notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoice_credit_notes_invoice_idx').on(t.invoiceId),
    check('invoice_credit_notes_amount_positive', sql`${t.amountMinor} > 0`),
  ],
);

/** The reminders an invoice has had: one row per stage (days from due), so each goes once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    offsetDays: integer('offset_days').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.offsetDays] })],
);

/**
 * Hours worked for a company; feeds the dashboard's "This Month's Hours". Time logged on a
 * ticket names it (of the same company: services/time-entries.ts), and a merge moves it.
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    workDate: date('work_date').notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    /** The agreement the hours draw down (ADR 071): of the same company, active on the day. */
    agreementId: uuid('agreement_id').references(() => agreements.id, { onDelete: 'set null' }),
    /** Non-billable time is recorded but draws nothing down. */
    billable: boolean('billable').notNull().default(true),
    /**
     * The invoice line that bills these hours (ADR 066 addendum): set once, so an entry is
     * billed once; freed when the line goes (a draft edited) or its invoice is voided.
     */
    invoiceLineId: uuid('invoice_line_id').references(() => invoiceLines.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    // An agreement's period sums its entries by day.
    index('time_entries_agreement_date_idx').on(t.agreementId, t.workDate),
    index('time_entries_customer_date_idx').on(t.customerId, t.workDate),
    // A line's entries are read with its invoice, and freed with it.
    index('time_entries_invoice_line_idx').on(t.invoiceLineId),
    // The ticket screen's total and the merge's move read a ticket's entries.
    index('time_entries_ticket_idx').on(t.ticketId),
    check('time_entries_hours_positive', sql`${t.hours} > 0`),
  ],
);
