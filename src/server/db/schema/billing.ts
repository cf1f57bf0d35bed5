// Money and hours: invoices, their reminders, and the time worked for a company.
import { sql } from 'drizzle-orm';
import {
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
import { invoiceStatus } from './enums.ts';
import { projects } from './projects.ts';

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    number: text('number').notNull(),
    description: text('description').notNull(),
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    status: invoiceStatus('status').notNull(),
    issueDate: date('issue_date').notNull(),
    dueDate: date('due_date').notNull(),
    paymentUrl: text('payment_url'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    // The list's order, so the database reads the rows sorted instead of sorting them.
    index('invoices_customer_issue_idx').on(t.customerId, t.issueDate, t.number),
    // `?q=` (issue 20): trigram indexes answer `ilike '%...%'` without reading every row.
    searchIndex('invoices_search_trgm_idx', t.number, t.description),
    check('invoices_amount_nonnegative', sql`${t.amount} >= 0`),
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

/** Hours worked for a company; feeds the dashboard's "This Month's Hours". */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    workDate: date('work_date').notNull(),
    hours: numeric('hours', { precision: 6, scale: 2 }).notNull(),
    description: text('description').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    index('time_entries_customer_date_idx').on(t.customerId, t.workDate),
    check('time_entries_hours_positive', sql`${t.hours} > 0`),
  ],
);
