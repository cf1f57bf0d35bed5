// The overage of an agreement's closed periods, billed once on an invoice (issue 40 item 2,
// ADR 074). Apart from agreements.ts: it names invoices, which already name agreements.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { agreements } from './agreements.ts';
import { invoiceLines, invoices } from './billing.ts';

/**
 * Each closed period's billable overage is billed once (ADR 074): the invoice that bills it
 * inserts (agreement, period start) `on conflict do nothing` before it makes the line, so two
 * runs at once, a retry or two servers bill it once. A void invoice deletes its claims (billed
 * again next time); a draft edit that drops the line leaves the claim (staff waived it).
 */
export const agreementOverageClaims = pgTable(
  'agreement_overage_claims',
  {
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    periodEnd: date('period_end'),
    /** The hundredths of an hour over, and the rate (minor units) they were billed at. */
    overageCenti: integer('overage_centi').notNull(),
    rateMinor: bigint('rate_minor', { mode: 'number' }).notNull(),
    /** Set in the claiming transaction, once its invoice is made. */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'cascade' }),
    invoiceLineId: uuid('invoice_line_id').references(() => invoiceLines.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.agreementId, t.periodStart] }),
    index('agreement_overage_claims_invoice_idx').on(t.invoiceId),
    check('agreement_overage_claims_positive', sql`${t.overageCenti} > 0`),
  ],
);
