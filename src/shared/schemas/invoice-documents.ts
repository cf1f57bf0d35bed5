// Invoices as documents (issue 39 item 1, ADR 066): what staff send to draft, issue, void,
// pay and credit an invoice, and what they get back. Amounts travel as decimals of the
// invoice's currency (the spec's `amount` does), quantities as decimals, rates as percents;
// the server turns each into integers once (src/shared/invoice-totals.ts).
import { z } from 'zod';
import { isCurrencyCode } from '../currency.ts';
import { optionalText, requiredText } from './fields.ts';
import { httpUrl, invoiceStates, invoiceStatuses } from './invoices.ts';
import { dateField, pastDay } from './staff-fields.ts';

// `direct-debit`: a bank debit taken online (SEPA, ACH, Bacs: ADR 067).
export const paymentMethods = ['bank-transfer', 'cheque', 'card', 'direct-debit', 'other'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];
/** How a document names each method (the invoice PDF, the statement). */
export const paymentMethodLabels: Record<PaymentMethod, string> = {
  'bank-transfer': 'bank transfer',
  cheque: 'cheque',
  card: 'card',
  'direct-debit': 'direct debit',
  other: 'other',
};
/** The method as a screen's label or list item starts it: "Bank transfer", "Direct debit". */
export const paymentMethodName = (method: PaymentMethod): string =>
  paymentMethodLabels[method].replace(/^./, (c) => c.toUpperCase());

export const disputeStates = ['open', 'won', 'lost'] as const;
export type DisputeState = (typeof disputeStates)[number];

/** Why money paid came back: a refund, or a dispute the bank decided for the card holder. */
export const reversalKinds = ['refund', 'dispute-lost'] as const;

/** True when `n` is written with at most `decimals` decimals (1e-10 is not 0.00). */
export const hasDecimals = (n: number, decimals: number): boolean =>
  Number.isFinite(n) && Number(n.toFixed(decimals)) === n;

export const percent = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .min(0, `${what} cannot be negative`)
    .max(100, `${what} cannot be over 100 %`)
    .refine((n) => hasDecimals(n, 2), `${what} must have at most 2 decimals`);

/** A decimal amount; whether its decimals fit the currency is the command's check. */
const money = (what: string) =>
  z
    .number({ message: `${what} is required` })
    .min(0, `${what} cannot be negative`)
    .max(9_999_999_999.99, `${what} is too large`);

export const invoiceLineInputSchema = z.object({
  description: requiredText('Line description is required', 500),
  quantity: z
    .number({ message: 'Quantity is required' })
    .min(0, 'Quantity cannot be negative')
    // A line of nothing is a mistake, not a line (outside attack on the invoice routes).
    .refine((n) => n !== 0, 'Quantity must be more than zero')
    .max(1_000_000, 'Quantity is too large')
    .refine((n) => hasDecimals(n, 3), 'Quantity must have at most 3 decimals'),
  unitPrice: money('Unit price'),
  taxRate: percent('Tax rate').default(0),
  projectId: z.uuid({ message: 'Project not found' }).nullish(),
});
export type InvoiceLineInput = z.output<typeof invoiceLineInputSchema>;

/**
 * A line of an invoice or a recurring template may also name the agreement it bills (ADR 066
 * addendum): of the company; an ended one still (a final bill). A quote's lines name none.
 */
export const billedLineInputSchema = invoiceLineInputSchema.extend({
  agreementId: z.uuid({ message: 'Agreement not found' }).nullish(),
});
export type BilledLineInput = z.output<typeof billedLineInputSchema>;

/**
 * A draft's line may bill logged hours (ADR 066 addendum): the time entries it claims, each of
 * the invoice's company and on no other invoice. A recurring template bills none.
 */
export const draftLineInputSchema = billedLineInputSchema.extend({
  timeEntryIds: z
    .array(z.uuid({ message: 'Time entry not found' }))
    .max(500, 'A line bills at most 500 time entries')
    .default([]),
});

export const invoiceDraftInputSchema = z
  .object({
    number: requiredText('Invoice number is required', 50),
    description: requiredText('Description is required', 500),
    issueDate: dateField('Issue date is required'),
    dueDate: dateField('Due date is required'),
    paymentUrl: httpUrl,
    /** When given, it must be the company's currency (a mismatch is refused, not converted). */
    currency: z
      .string()
      .trim()
      .toUpperCase()
      .refine(isCurrencyCode, 'Currency must be a 3-letter ISO 4217 code')
      .optional(),
    discount: percent('Discount').default(0),
    lines: z
      .array(draftLineInputSchema, { message: 'Lines are required' })
      .min(1, 'An invoice needs at least one line')
      .max(200, 'An invoice has at most 200 lines'),
  })
  .refine((v) => v.dueDate >= v.issueDate, {
    message: 'Due date cannot be before the issue date',
    path: ['dueDate'],
  });
export type InvoiceDraftInput = z.output<typeof invoiceDraftInputSchema>;

const positiveMoney = (what: string) =>
  money(what).refine((n) => n > 0, `${what} must be more than zero`);

const currencyCheck = z.string().trim().toUpperCase().optional();

export const paymentInputSchema = z.object({
  amount: positiveMoney('Amount'),
  currency: currencyCheck,
  method: z.enum(paymentMethods, {
    message: 'Method must be bank-transfer, cheque, card, direct-debit or other',
  }),
  reference: optionalText(200),
  receivedOn: pastDay('Received date is required', 'Received date'),
});
export type PaymentInput = z.output<typeof paymentInputSchema>;

export const creditNoteInputSchema = z.object({
  amount: positiveMoney('Amount'),
  currency: currencyCheck,
  reason: requiredText('Reason is required', 500),
  issuedOn: pastDay('Issue date is required', 'Issue date'),
});
export type CreditNoteInput = z.output<typeof creditNoteInputSchema>;

export const voidInputSchema = z.object({ reason: requiredText('Reason is required', 500) });

export const invoiceLineSchema = z.object({
  position: z.number(),
  description: z.string(),
  quantity: z.number(),
  unitPrice: z.number(),
  taxRate: z.number(),
  /** The line's rounded amount before discount and tax. */
  amount: z.number(),
  projectId: z.string().nullable(),
  /** The linked project's name, for the screen. */
  projectName: z.string().nullable(),
});

/** Staff see which logged hours a line bills; the customer sees the line's own words. */
export const staffInvoiceLineSchema = invoiceLineSchema.extend({
  agreementId: z.string().nullable(),
  /** The linked agreement's name, for the screen. */
  agreementName: z.string().nullable(),
  timeEntryIds: z.array(z.string()),
});

export const invoicePaymentSchema = z.object({
  id: z.string(),
  amount: z.number(),
  method: z.enum(paymentMethods),
  reference: z.string(),
  receivedOn: z.string(),
});
export type InvoicePayment = z.infer<typeof invoicePaymentSchema>;

export const invoiceCreditNoteSchema = z.object({
  id: z.string(),
  amount: z.number(),
  reason: z.string(),
  issuedOn: z.string(),
});
export type InvoiceCreditNote = z.infer<typeof invoiceCreditNoteSchema>;

/** An invoice as staff handle it: the spec's fields, its state, lines, taxes and balance. */
export const staffInvoiceDocumentSchema = z.object({
  id: z.string(),
  number: z.string(),
  description: z.string(),
  state: z.enum(invoiceStates),
  status: z.enum(invoiceStatuses),
  currency: z.string(),
  issueDate: z.string(),
  dueDate: z.string(),
  paymentUrl: z.string().nullable(),
  lines: z.array(staffInvoiceLineSchema),
  taxes: z.array(
    z.object({ taxRate: z.number(), net: z.number(), discount: z.number(), tax: z.number() }),
  ),
  /** Percent off every tax rate's net, as drafted. */
  discountRate: z.number(),
  /** The discount as an amount: the rounded discounts of every rate. */
  discount: z.number(),
  subtotal: z.number(),
  tax: z.number(),
  /** The spec's `amount`: the invoice's total. */
  amount: z.number(),
  paid: z.number(),
  credited: z.number(),
  /** Payments given back: refunds and disputes lost (ADR 067); they raise the balance again. */
  refunded: z.number(),
  /** A card payment the customer's bank disputes: open until won or lost (ADR 067). */
  dispute: z.enum(disputeStates).nullable(),
  balance: z.number(),
  /** Oldest first. */
  payments: z.array(invoicePaymentSchema),
  creditNotes: z.array(invoiceCreditNoteSchema),
  /** Why a void invoice was voided; null otherwise. */
  voidReason: z.string().nullable(),
});
export type StaffInvoiceDocument = z.infer<typeof staffInvoiceDocumentSchema>;
