import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import type { Db } from '../../db/client.ts';
import { invoices } from '../../db/schema.ts';

const columns = {
  id: invoices.id,
  number: invoices.number,
  amount: invoices.amount,
  status: invoices.status,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  description: invoices.description,
  paymentUrl: invoices.paymentUrl,
};
type InvoiceRow = Pick<typeof invoices.$inferSelect, keyof typeof columns>;

export const invoicePdfUrl = (customerId: string, invoiceId: string) =>
  `/api/customers/${customerId}/invoices/${invoiceId}/pdf`;

function toInvoice(customerId: string, { paymentUrl, amount, ...row }: InvoiceRow): Invoice {
  return {
    ...row,
    amount: Number(amount),
    ...(paymentUrl ? { paymentUrl } : {}),
    // Every stored invoice has a PDF: the server renders it on request.
    pdfUrl: invoicePdfUrl(customerId, row.id),
  };
}

/** A company's invoices, newest first (one query, only the listed columns). */
export async function listInvoices(
  db: Db,
  customerId: string,
  opts: { limit?: number; where?: SQL } = {},
): Promise<Invoice[]> {
  const query = db
    .select(columns)
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), opts.where))
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
  const rows = opts.limit ? await query.limit(opts.limit) : await query;
  return rows.map((r) => toInvoice(customerId, r));
}
