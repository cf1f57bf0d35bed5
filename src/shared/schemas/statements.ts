// A company's statement and the accounts-receivable list (issue 39 items 5 and 6, ADR 069).
// Amounts are integer minor units of `currency` (names ending in `Minor`): computed values the
// screens only format (money-format.ts), never typed back.
import { z } from 'zod';
import { ageingBuckets, type AgeingKey } from '../ageing.ts';
import { dateField } from './staff-fields.ts';

export const PERIOD_ORDER_MESSAGE = 'The period must start on or before the day it ends';
/** A statement lists at most this many entries; a longer period is refused, not cut short. */
export const MAX_STATEMENT_ENTRIES = 5000;
export const TOO_MANY_ENTRIES_MESSAGE = `The period holds more than ${MAX_STATEMENT_ENTRIES.toLocaleString('en-US')} entries: choose a shorter one`;

/** `?from=&to=`: both days, or neither (this month so far, in the office's zone). */
export const statementQuerySchema = z
  .object({
    from: dateField('From must be a date (YYYY-MM-DD)').optional(),
    to: dateField('To must be a date (YYYY-MM-DD)').optional(),
  })
  .refine((q) => (q.from === undefined) === (q.to === undefined), {
    message: 'Give both from and to, or neither',
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: PERIOD_ORDER_MESSAGE });
export type StatementQuery = z.output<typeof statementQuerySchema>;

export const statementEntryKinds = ['invoice', 'credit-note', 'payment', 'marked-paid'] as const;
export type StatementEntryKind = (typeof statementEntryKinds)[number];

export const statementEntryLabels: Record<StatementEntryKind, string> = {
  invoice: 'Invoice',
  'credit-note': 'Credit note',
  payment: 'Payment',
  'marked-paid': 'Marked paid',
};

const minor = z.number().int();
const ageingShape = Object.fromEntries(ageingBuckets.map((b) => [b.key, minor])) as Record<
  AgeingKey,
  typeof minor
>;
export const ageingSchema = z.object(ageingShape);

export const statementEntrySchema = z.object({
  date: z.string(),
  kind: z.enum(statementEntryKinds),
  /** The invoice's number (a payment or credit note names the invoice it settles). */
  invoiceNumber: z.string(),
  description: z.string(),
  /** Positive for an invoice, negative for what settles one. */
  amountMinor: minor,
  /** The balance after this entry. */
  balanceMinor: minor,
});
export type StatementEntry = z.infer<typeof statementEntrySchema>;

export const statementSchema = z.object({
  companyName: z.string(),
  currency: z.string(),
  from: z.string(),
  to: z.string(),
  openingMinor: minor,
  invoicedMinor: minor,
  creditedMinor: minor,
  paidMinor: minor,
  closingMinor: minor,
  entries: z.array(statementEntrySchema),
  /** The closing balance by days past due at `to`; the buckets add up to it. */
  ageing: ageingSchema,
});
export type Statement = z.infer<typeof statementSchema>;

/** One company's line of the accounts-receivable view: what it owes today, by age. */
export const receivableSchema = z.object({
  customerId: z.string(),
  companyName: z.string(),
  currency: z.string(),
  openMinor: minor,
  ...ageingShape,
});
export type Receivable = z.infer<typeof receivableSchema>;
