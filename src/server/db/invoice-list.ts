import { desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Invoice } from '../../shared/schemas/invoices.ts';
import type { Db } from './client.ts';
import { jsonArrayText, jsonFields, selectJsonText, type JsonText } from './json-list.ts';
import { invoices } from './schema.ts';

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

/**
 * A company's invoices, newest first, as the text of the JSON array the API answers: an
 * SQL expression, shared by the invoices list and the dashboard's Recent Invoices card.
 */
export function invoiceListJson(
  db: Db,
  customerId: string,
  opts: { limit?: number } = {},
): SQL<JsonText<Invoice[]>> {
  const query = db
    .select(invoiceJson(customerId))
    .from(invoices)
    .where(eq(invoices.customerId, customerId))
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
  return jsonArrayText(opts.limit ? query.limit(opts.limit) : query, { omitNull: 'paymentUrl' });
}

/** All of a company's invoices as the JSON text the API answers. */
export const listInvoices = (db: Db, customerId: string) =>
  selectJsonText(db, invoiceListJson(db, customerId));
