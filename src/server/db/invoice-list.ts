import { and, desc, eq, notInArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Invoice, InvoiceSummary } from '../../shared/schemas/invoices.ts';
import type { Db } from './client.ts';
import { jsonArrayText, jsonFields, type JsonText } from './json-list.ts';
import { minorAsDecimal } from './minor-units.ts';
import { invoiceCreditNotes, invoiceLines, invoicePayments, invoices } from './schema.ts';
import type { PagedList } from './paged-list.ts';
import { searchText } from './search-text.ts';
import { NOT_ONLINE } from '../../shared/online-payment.ts';

/**
 * What a customer sees of the invoices (ADR 066): never a draft (not sent yet) nor a void one
 * (cancelled; staff keep it for the record). Every customer read of invoices adds this.
 */
export const customerVisible = notInArray(invoices.state, ['draft', 'void']);

/**
 * With online payment on (ADR 067), an invoice the customer can pay online links to the route
 * that opens Stripe Checkout for its balance, in place of any link staff pasted; one that
 * cannot be paid online (paid, or a currency Stripe counts otherwise) keeps the pasted link.
 */
const paymentUrlOf = (customerId: string, online: boolean): SQLWrapper =>
  online
    ? sql`case when ${invoices.state} in ('issued', 'partly-paid')
        and ${invoices.totalMinor} > ${invoices.settledMinor}
        and ${invoices.currency} not in (${sql.join(
          NOT_ONLINE.map((c) => sql`${c}`),
          sql`, `,
        )})
      then ${`/api/customers/${customerId}/invoices/`} || ${invoices.id} || '/pay'
      else ${invoices.paymentUrl} end`
    : invoices.paymentUrl;

const invoiceFields = (
  customerId: string,
  online = false,
): { [K in keyof Required<Invoice>]: SQLWrapper } => ({
  id: invoices.id,
  number: invoices.number,
  amount: invoices.amount,
  status: invoices.status,
  issueDate: invoices.issueDate,
  dueDate: invoices.dueDate,
  description: invoices.description,
  // Null, and so left out of the JSON, when there is no payment page.
  paymentUrl: paymentUrlOf(customerId, online),
  // Beside the spec's fields (ADR 066): the currency of `amount`, and the document's lines as
  // drafted; each line's rounded amount and the taxes are the staff document's (invoice-totals.ts).
  currency: invoices.currency,
  lines: sql`coalesce((select json_agg(json_build_object(
      'description', l.description,
      'quantity', trim_scale(l.quantity_milli::numeric / 1000),
      'unitPrice', ${minorAsDecimal('l.unit_price_minor', '"invoices"."currency"')},
      'taxRate', trim_scale(l.tax_rate_bp::numeric / 100)) order by l.position)
    from ${invoiceLines} l where l.invoice_id = ${invoices.id}), '[]'::json)`,
  // The dialog's taxes and balance (issue 39 item 6): the discount as drafted, what is owed
  // (nothing once marked paid by hand, as balanceMinor says), the payments and credit notes.
  discount: sql`trim_scale(${invoices.discountBp}::numeric / 100)`,
  balance: sql`case when ${invoices.state} = 'paid' then 0 else ${invoices.balance} end`,
  payments: sql`coalesce((select json_agg(json_build_object(
      'amount', ${minorAsDecimal('p.amount_minor', '"invoices"."currency"')},
      'method', p.method, 'reference', p.reference, 'receivedOn', p.received_on)
      order by p.received_on, p.created_at)
    from ${invoicePayments} p where p.invoice_id = ${invoices.id}), '[]'::json)`,
  creditNotes: sql`coalesce((select json_agg(json_build_object(
      'amount', ${minorAsDecimal('c.amount_minor', '"invoices"."currency"')},
      'reason', c.reason, 'issuedOn', c.issued_on) order by c.issued_on, c.created_at)
    from ${invoiceCreditNotes} c where c.invoice_id = ${invoices.id}), '[]'::json)`,
  // Every stored invoice has a PDF: the server renders it on request.
  pdfUrl: sql`${`/api/customers/${customerId}/invoices/`} || ${invoices.id} || '/pdf'`,
});
const invoiceJson = (customerId: string, online: boolean) =>
  jsonFields<Invoice>(invoiceFields(customerId, online));

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
  pagesNotified: true,
  filters: { status: invoices.status },
  omitNull: 'paymentUrl',
};

/** The same list when online payment is on: payable invoices link to Stripe Checkout. */
export const onlineInvoicePages: PagedList<Invoice, 'status'> = {
  ...invoicePages,
  row: (customerId) => invoiceFields(customerId, true),
};

/**
 * A company's invoices, newest first, as the text of the JSON array the API answers: an
 * SQL expression, shared by the invoices list and the dashboard's Recent Invoices card.
 */
export function invoiceListJson(
  db: Db,
  customerId: string,
  opts: { limit?: number; online?: boolean } = {},
): SQL<JsonText<Invoice[]>> {
  const query = db
    .select(invoiceJson(customerId, opts.online ?? false))
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), customerVisible))
    .orderBy(desc(invoices.issueDate), desc(invoices.number));
  return jsonArrayText(opts.limit ? query.limit(opts.limit) : query, { omitNull: 'paymentUrl' });
}

/** The four summary cards, counted by the database over every invoice of the company. */
export async function invoiceSummary(db: Db, customerId: string): Promise<InvoiceSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      // What is still owed: partial payments and credit notes already taken off (ADR 066).
      outstandingBalance: sql<string>`coalesce(sum(${invoices.balance}) filter (where ${invoices.status} <> 'paid'), 0)`,
      paid: sql<number>`(count(*) filter (where ${invoices.status} = 'paid'))::int`,
      pending: sql<number>`(count(*) filter (where ${invoices.status} = 'pending'))::int`,
      overdue: sql<number>`(count(*) filter (where ${invoices.status} = 'overdue'))::int`,
    })
    .from(invoices)
    .where(and(eq(invoices.customerId, customerId), customerVisible));
  const r = row!;
  return { ...r, outstandingBalance: Number(r.outstandingBalance) };
}
