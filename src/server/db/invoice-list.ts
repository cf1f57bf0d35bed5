import { desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Invoice, InvoiceSummary } from '../../shared/schemas/invoices.ts';
import type { Db } from './client.ts';
import { jsonArrayText, jsonFields, type JsonText } from './json-list.ts';
import { invoices } from './schema.ts';
import type { PagedList } from './paged-list.ts';
import { searchText } from './search-text.ts';

const invoiceFields = (customerId: string): { [K in keyof Required<Invoice>]: SQLWrapper } => ({
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
const invoiceJson = (customerId: string) => jsonFields<Invoice>(invoiceFields(customerId));

/** The invoices list in pages: newest first, search on number and description (spec section 5). */
export const invoicePages: PagedList<Invoice, 'status'> = {
  name: 'invoices',
  from: sql`${invoices}`,
  scope: invoices.customerId,
  row: invoiceFields,
  order: [
    { expr: invoices.issueDate, desc: true, type: 'date' },
    // Invoice numbers are unique: the tie-breaker.
    { expr: invoices.number, desc: true, type: 'text' },
  ],
  search: searchText(invoices.number, invoices.description),
  searchIndexed: true,
  totalsNotified: true,
  filters: { status: invoices.status },
  omitNull: 'paymentUrl',
};

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

/** The four summary cards, counted by the database over every invoice of the company. */
export async function invoiceSummary(db: Db, customerId: string): Promise<InvoiceSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      outstandingBalance: sql<string>`coalesce(sum(${invoices.amount}) filter (where ${invoices.status} <> 'paid'), 0)`,
      paid: sql<number>`(count(*) filter (where ${invoices.status} = 'paid'))::int`,
      pending: sql<number>`(count(*) filter (where ${invoices.status} = 'pending'))::int`,
      overdue: sql<number>`(count(*) filter (where ${invoices.status} = 'overdue'))::int`,
    })
    .from(invoices)
    .where(eq(invoices.customerId, customerId));
  const r = row!;
  return { ...r, outstandingBalance: Number(r.outstandingBalance) };
}
