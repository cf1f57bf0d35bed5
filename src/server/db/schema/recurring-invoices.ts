// Recurring invoices (issue 39 item 4, ADR 068): a company's schedule, its template lines, and
// each period's run, recorded once.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customerRef, users } from './accounts.ts';
import { invoices } from './billing.ts';
import { recurringAction, recurringCadence } from './enums.ts';
import { agreements } from './agreements.ts';
import { projects } from './projects.ts';

export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    /** The company's currency when the schedule was saved; a run in another is refused. */
    currency: char('currency', { length: 3 }).notNull(),
    discountBp: integer('discount_bp').notNull().default(0),
    cadence: recurringCadence('cadence').notNull(),
    /** Day of the period's first month, 1..31; a shorter month runs on its last day. */
    runDay: smallint('run_day').notNull(),
    timeZone: text('time_zone').notNull(),
    paymentTermsDays: smallint('payment_terms_days').notNull(),
    action: recurringAction('action').notNull(),
    active: boolean('active').notNull().default(true),
    /** The first period is the first run day on or after it; its month anchors the periods. */
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    /** The next period's run day (local) and its instant; null when there is none (ended). */
    nextRunOn: date('next_run_on'),
    nextRunAt: timestamp('next_run_at', { withTimezone: true }),
    /** The staff member who last saved it: the runs act (and are audited) in their name. */
    updatedBy: uuid('updated_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('recurring_invoices_customer_idx').on(t.customerId, t.createdAt),
    index('recurring_invoices_due_idx')
      .on(t.nextRunAt)
      .where(sql`${t.active} and ${t.nextRunAt} is not null`),
    check('recurring_invoices_run_day_check', sql`${t.runDay} between 1 and 31`),
    check('recurring_invoices_terms_check', sql`${t.paymentTermsDays} between 0 and 365`),
    check('recurring_invoices_discount_bp_range', sql`${t.discountBp} between 0 and 10000`),
    check('recurring_invoices_ends_after_start', sql`${t.endsOn} >= ${t.startsOn}`),
  ],
);

/** A template line, in the integers of an invoice line (ADR 066). */
export const recurringInvoiceLines = pgTable(
  'recurring_invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** Copied to each invoice's line, as the project is (ADR 066 addendum). */
    agreementId: uuid('agreement_id').references(() => agreements.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('recurring_invoice_lines_schedule_position_idx').on(t.scheduleId, t.position),
    check('recurring_invoice_lines_quantity_nonnegative', sql`${t.quantityMilli} >= 0`),
    check('recurring_invoice_lines_unit_price_nonnegative', sql`${t.unitPriceMinor} >= 0`),
    check('recurring_invoice_lines_tax_rate_range', sql`${t.taxRateBp} between 0 and 10000`),
  ],
);

/**
 * Each period, recorded once: the run is inserted in the transaction that makes its invoice, so
 * two servers, a restart or a catch-up can never make it twice. The months a run bills
 * [period_start, period_end) never overlap another run's of the same schedule (an exclusion
 * constraint, migration 0044, written by hand: drizzle cannot declare one), so no edit of the
 * run day, zone, cadence or start date bills a month twice.
 */
export const recurringInvoiceRuns = pgTable(
  'recurring_invoice_runs',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => recurringInvoices.id, { onDelete: 'cascade' }),
    /** The period's run day: the invoice's issue date. */
    periodOn: date('period_on').notNull(),
    /** The first day of the period's first month, and of the month after its last. */
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end').notNull(),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** Why the run made no invoice (a refused draft: currency changed, number taken). */
    error: text('error'),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.periodOn] }),
    check('recurring_invoice_runs_period_order', sql`${t.periodStart} <= ${t.periodEnd}`),
  ],
);
