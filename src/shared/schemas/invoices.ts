import { z } from 'zod';
import { isCents, requiredText } from './fields.ts';
import { dateField } from './staff-fields.ts';

export const invoiceStatuses = ['paid', 'pending', 'overdue'] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** Spec section 3 "Invoice": days as `YYYY-MM-DD`, amount in USD; links absent when there are none. */
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

/** What staff see of an invoice: the portal's fields, the payment link as stored (no PDF link). */
export const staffInvoiceSchema = invoiceSchema
  .omit({ paymentUrl: true, pdfUrl: true })
  .extend({ paymentUrl: z.string().nullable() });
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;

/** An optional payment link: an empty input or null (the form sends its parsed value) means "none". */
const httpUrl = z
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
      .max(9_999_999_999.99, 'Amount is too large')
      .refine(isCents, 'Amount must have at most 2 decimals'),
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
