// Quotes signed online (issue 40 item 4, ADR 072): the quote and its lines (the integers of an
// invoice line, ADR 066), the exact PDF sent, and the evidence of its acceptance.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  char,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgreementValues } from '../../../shared/schemas/agreements.ts';
import { agreements } from './agreements.ts';
import { createdAt, updatedAt } from './columns.ts';
import { customerRef, users } from './accounts.ts';
import { invoices } from './billing.ts';
import { quoteState } from './enums.ts';
import { projects } from './projects.ts';
import { quoteRequests } from './public-site.ts';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const quotes = pgTable(
  'quotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    number: text('number').notNull(),
    /** Raised by each send: a reopened and changed quote is a new version with a new document. */
    version: integer('version').notNull().default(0),
    title: text('title').notNull(),
    currency: char('currency', { length: 3 }).notNull(),
    discountBp: integer('discount_bp').notNull().default(0),
    totalMinor: bigint('total_minor', { mode: 'number' }).notNull(),
    terms: text('terms').notNull().default(''),
    /** The last day it may be accepted (until that day ends anywhere on Earth). */
    validUntil: date('valid_until').notNull(),
    state: quoteState('state').notNull().default('draft'),
    /** What acceptance creates: a project of this name (none when null) and/or a draft invoice. */
    projectName: text('project_name'),
    createInvoice: boolean('create_invoice').notNull().default(false),
    /**
     * The agreement acceptance creates (ADR 073): the agreements' own input
     * (`agreementInputSchema`), as staff saved it; drawn in the PDF, so the hash covers it.
     */
    agreementPlan: jsonb('agreement_plan').$type<AgreementValues>(),
    leadId: uuid('lead_id').references(() => quoteRequests.id, { onDelete: 'set null' }),
    sentTo: uuid('sent_to').references(() => users.id),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** The PDF sent, byte for byte, and its SHA-256: the document the customer signs. */
    documentPdf: bytea('document_pdf'),
    documentSha256: char('document_sha256', { length: 64 }),
    declineReason: text('decline_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id),
    createdProjectId: uuid('created_project_id').references(() => projects.id, {
      onDelete: 'set null',
    }),
    createdInvoiceId: uuid('created_invoice_id').references(() => invoices.id, {
      onDelete: 'set null',
    }),
    createdAgreementId: uuid('created_agreement_id').references(() => agreements.id, {
      onDelete: 'set null',
    }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('quotes_number_idx').on(t.number),
    index('quotes_customer_idx').on(t.customerId, t.createdAt),
    check('quotes_discount_bp_range', sql`${t.discountBp} between 0 and 10000`),
    check('quotes_total_nonnegative', sql`${t.totalMinor} >= 0`),
    check(
      'quotes_sent_has_document',
      sql`${t.state} = 'draft' or (${t.documentPdf} is not null and ${t.documentSha256} is not null)`,
    ),
  ],
);

/** A quote line, in the integers of an invoice line (ADR 066). */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    quoteId: uuid('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantityMilli: bigint('quantity_milli', { mode: 'number' }).notNull(),
    unitPriceMinor: bigint('unit_price_minor', { mode: 'number' }).notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
  },
  (t) => [
    uniqueIndex('quote_lines_quote_position_idx').on(t.quoteId, t.position),
    check('quote_lines_quantity_nonnegative', sql`${t.quantityMilli} >= 0`),
    check('quote_lines_unit_price_nonnegative', sql`${t.unitPriceMinor} >= 0`),
    check('quote_lines_tax_rate_range', sql`${t.taxRateBp} between 0 and 10000`),
  ],
);

/** The evidence of an acceptance: one per quote (the primary key), so it is signed once. */
export const quoteSignatures = pgTable('quote_signatures', {
  quoteId: uuid('quote_id')
    .primaryKey()
    .references(() => quotes.id, { onDelete: 'cascade' }),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  typedName: text('typed_name').notNull(),
  signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  ip: text('ip').notNull(),
  userAgent: text('user_agent').notNull(),
  documentSha256: char('document_sha256', { length: 64 }).notNull(),
  /** The drawn signature; null when the typed name is the signature. */
  signaturePng: bytea('signature_png'),
});
