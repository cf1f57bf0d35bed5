import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import type { Db } from '../../db/client.ts';
import { jsonArray, jsonFields, type JsonText } from '../../db/json-list.ts';
import { invoices } from '../../db/schema.ts';

const invoiceJson = (customerId: string) =>
  jsonFields<Invoice>({
    id: invoices.id,
    number: invoices.number,
    amount: invoices.amount,
    status: invoices.status,
    issueDate: invoices.issueDate,
    dueDate: invoices.dueDate,
    description: invoices.description,
    // Null, and so left out of the JSON, when there is no payment page.
    paymentUrl: invoices.paymentUrl,
    // Every stored invoice has a PDF: the server renders it on request.
    pdfUrl: sql`${`/api/customers/${customerId}/invoices/`} || ${invoices.id} || '/pdf'`,
  });

/** A company's invoices, newest first, as the JSON array the API answers. */
export function listInvoices(
  db: Db,
  customerId: string,
  opts: { limit?: number; where?: SQL } = {},
): Promise<JsonText<Invoice[]>> {
  const query = db
    .select(invoiceJson(customerId))
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), opts.where))
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
  return jsonArray(db, opts.limit ? query.limit(opts.limit) : query, { omitNull: 'paymentUrl' });
}
