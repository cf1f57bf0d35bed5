import { z } from 'zod';

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
