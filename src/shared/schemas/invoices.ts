import { z } from 'zod';
import { requiredText } from './fields.ts';
import { dateField } from './staff-fields.ts';
import { invoiceStates, invoiceStatuses } from '../status-values.ts';

export { invoiceStates, invoiceStatuses };
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** The document's own life (ADR 066); the customer sees `status` (paid, pending, overdue) instead. */
export type InvoiceState = (typeof invoiceStates)[number];

/** Spec section 3 "Invoice": days as `YYYY-MM-DD`, amount in `currency`; links absent when there are none. */
export const invoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  amount: z.number(),
  status: z.enum(invoiceStatuses),
  issueDate: z.string(),
  dueDate: z.string(),
  description: z.string(),
  paymentUrl: z.string().optional(),
  pdfUrl: z.string().optional(),
  /** Beside the spec's fields (issue 39, ADR 066): ISO 4217 code of `amount`. */
  currency: z.string().optional(),
  /** The invoice's lines as drafted (none for one published as a single amount before). */
  lines: z
    .array(
      z.object({
        description: z.string(),
        quantity: z.number(),
        unitPrice: z.number(),
        taxRate: z.number(),
      }),
    )
    .optional(),
  /** Percent off every tax rate's net (issue 39 item 6): the taxes are reckoned from the lines. */
  discount: z.number().optional(),
  /** What is still owed, in `currency`: the total less payments and credit notes. */
  balance: z.number().optional(),
  /** Money received against it, oldest first. */
  payments: z
    .array(
      z.object({
        amount: z.number(),
        method: z.enum(['bank-transfer', 'cheque', 'card', 'other']),
        reference: z.string(),
        receivedOn: z.string(),
      }),
    )
    .optional(),
  /** Credit notes against it, oldest first, each with its reason. */
  creditNotes: z
    .array(z.object({ amount: z.number(), reason: z.string(), issuedOn: z.string() }))
    .optional(),
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceListSchema = z.array(invoiceSchema);

/** The invoices screen's four cards over all of a company's invoices (spec section 5), and their total. */
export const invoiceSummarySchema = z.object({
  total: z.number(),
  outstandingBalance: z.number(),
  paid: z.number(),
  pending: z.number(),
  overdue: z.number(),
});
export type InvoiceSummary = z.infer<typeof invoiceSummarySchema>;

/** What staff see of an invoice: the portal's fields, the payment link as stored (no PDF link), its state. */
export const staffInvoiceSchema = invoiceSchema
  .omit({
    paymentUrl: true,
    pdfUrl: true,
    lines: true,
    currency: true,
    discount: true,
    balance: true,
    payments: true,
    creditNotes: true,
  })
  .extend({
    paymentUrl: z.string().nullable(),
    currency: z.string(),
    /** Staff see drafts and void invoices too, and tell them by this. */
    state: z.enum(invoiceStates),
    /** What is still owed, in `currency`. */
    balance: z.number(),
  });
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;

/** An optional payment link: an empty input or null (the form sends its parsed value) means "none". */
export const httpUrl = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .max(2000, 'Payment link must be at most 2000 characters')
      .pipe(z.url({ protocol: /^https?$/, message: 'Payment link must be an http(s) URL' })),
  ])
  .optional()
  .transform((v) => v || null);

export const invoiceInputSchema = z
  .object({
    number: requiredText('Invoice number is required', 50),
    description: requiredText('Description is required', 500),
    amount: z
      .number({ message: 'Amount is required' })
      .min(0, 'Amount cannot be negative')
      // Its decimals are the currency's (0, 2 or 3): the command checks them, knowing it.
      .max(9_999_999_999.99, 'Amount is too large'),
    status: z.enum(invoiceStatuses, { message: 'Status must be paid, pending or overdue' }),
    issueDate: dateField('Issue date is required'),
    dueDate: dateField('Due date is required'),
    paymentUrl: httpUrl,
  })
  .refine((v) => v.dueDate >= v.issueDate, {
    message: 'Due date cannot be before the issue date',
    path: ['dueDate'],
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
