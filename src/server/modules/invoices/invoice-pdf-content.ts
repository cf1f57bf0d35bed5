// What the invoice PDF says (issue 39 item 2), read from the stored invoice, its lines, its
// payments and credit notes, every amount reckoned by the one totals module (ADR 066) and
// formatted in the invoice's currency. The layout (invoice-pdf-layout.ts) only draws it.
import { and, asc, eq } from 'drizzle-orm';
import { company, companyAddressLine } from '../../../shared/company.ts';
import { formatDate } from '../../../shared/format.ts';
import { formatMoney, formatQuantity, formatRate } from '../../../shared/money-format.ts';
import { paymentMethodLabels } from '../../../shared/schemas/invoice-documents.ts';
import type { Db } from '../../db/client.ts';
import { customerVisible } from '../../db/invoice-list.ts';
import {
  customers,
  invoiceCreditNotes,
  invoicePaymentReversals,
  invoiceLines,
  invoicePayments,
  invoices,
} from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { balanceMinor, totalsOf } from '../../services/invoice-document.ts';
import { payable } from '../../services/online-payments/checkout.ts';
import { billToLines } from '../../services/bill-to.ts';

export interface PdfTableRow {
  description: string;
  quantity: string;
  unitPrice: string;
  taxRate: string;
  amount: string;
}

export interface PdfTotalRow {
  label: string;
  value: string;
  /** The total and the balance due stand out. */
  strong?: boolean;
}

export interface InvoicePdfContent {
  number: string;
  letterhead: { name: string; lines: string[] };
  billTo: string[];
  facts: [label: string, value: string][];
  rows: PdfTableRow[];
  totals: PdfTotalRow[];
  terms: string;
  paymentUrl: string | null;
}

const STATUS_LABEL = { paid: 'Paid', pending: 'Pending', overdue: 'Overdue' } as const;
const REVERSAL_LABEL = { refund: 'Refund', 'dispute-lost': 'Disputed payment returned' } as const;

const DAY_MS = 86_400_000;

/** "Due within N days" from the issue to the due date, or "Due on receipt" when they meet. */
export function paymentTerms(issueDate: string, dueDate: string): string {
  const days = Math.round((Date.parse(dueDate) - Date.parse(issueDate)) / DAY_MS);
  if (days <= 0) return 'Due on receipt';
  return `Due within ${days} ${days === 1 ? 'day' : 'days'}`;
}

/** The company's invoice as the PDF shows it; 404 when not that company's or not sent. */
export async function invoicePdfContent(
  db: Db,
  customerId: string,
  invoiceId: string,
  /** With online payment on (ADR 067): the app's address, so Pay online is its Checkout door. */
  payOnlineAt?: string,
): Promise<InvoicePdfContent> {
  const [found] = await db
    .select({ invoice: invoices, customer: customers })
    .from(invoices)
    .innerJoin(customers, eq(customers.id, invoices.customerId))
    .where(and(eq(invoices.id, invoiceId), eq(invoices.customerId, customerId), customerVisible))
    .limit(1);
  if (!found) throw notFound('Invoice not found');
  const { invoice, customer } = found;
  const [lines, payments, credits, reversals, billTo] = await Promise.all([
    db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice.id))
      .orderBy(asc(invoiceLines.position)),
    db
      .select()
      .from(invoicePayments)
      .where(eq(invoicePayments.invoiceId, invoice.id))
      .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.createdAt)),
    db
      .select()
      .from(invoiceCreditNotes)
      .where(eq(invoiceCreditNotes.invoiceId, invoice.id))
      .orderBy(asc(invoiceCreditNotes.issuedOn), asc(invoiceCreditNotes.createdAt)),
    db
      .select()
      .from(invoicePaymentReversals)
      .where(eq(invoicePaymentReversals.invoiceId, invoice.id))
      .orderBy(asc(invoicePaymentReversals.createdAt)),
    billToLines(db, customer),
  ]);
  const totals = totalsOf(invoice, lines);
  const money = (minor: number) => formatMoney(minor, invoice.currency);
  const balance = balanceMinor(invoice);

  const rows: PdfTableRow[] =
    lines.length > 0
      ? lines.map((l, i) => ({
          description: l.description,
          quantity: formatQuantity(l.quantityMilli),
          unitPrice: money(l.unitPriceMinor),
          taxRate: formatRate(l.taxRateBp),
          amount: money(totals.lines[i] ?? 0),
        }))
      : // An invoice from before lines is its description and its stored total (ADR 066).
        [
          {
            description: invoice.description,
            quantity: '1',
            unitPrice: money(totals.total),
            taxRate: formatRate(0),
            amount: money(totals.total),
          },
        ];

  const totalRows: PdfTotalRow[] = [{ label: 'Subtotal', value: money(totals.subtotal) }];
  if (totals.discount > 0)
    totalRows.push({
      label: `Discount ${formatRate(invoice.discountBp)}`,
      value: money(-totals.discount),
    });
  for (const g of totals.taxes)
    totalRows.push({
      label: `Tax ${formatRate(g.taxRate)} on ${money(g.net - g.discount)}`,
      value: money(g.tax),
    });
  totalRows.push({ label: 'Total', value: money(totals.total), strong: true });
  for (const p of payments)
    totalRows.push({
      label: `Payment received ${formatDate(p.receivedOn)} (${paymentMethodLabels[p.method]}${p.reference ? `, ${p.reference}` : ''})`,
      value: money(-p.amountMinor),
    });
  for (const c of credits)
    totalRows.push({
      label: `Credit note ${formatDate(c.issuedOn)}: ${c.reason}`,
      value: money(-c.amountMinor),
    });
  // Money given back is owed again (ADR 067): the rows still add up to the balance.
  for (const r of reversals)
    totalRows.push({
      label: `${REVERSAL_LABEL[r.kind]} ${formatDate(r.createdAt.toISOString().slice(0, 10))}`,
      value: money(r.amountMinor),
    });
  totalRows.push({ label: 'Balance due', value: money(balance), strong: true });

  return {
    number: invoice.number,
    letterhead: {
      name: company.name,
      lines: [companyAddressLine, `${company.phone} · ${company.salesEmail}`],
    },
    billTo,
    facts: [
      ['Invoice #', invoice.number],
      ['Issue date', formatDate(invoice.issueDate)],
      ['Due date', formatDate(invoice.dueDate)],
      ['Status', STATUS_LABEL[invoice.status]],
    ],
    rows,
    totals: totalRows,
    terms: paymentTerms(invoice.issueDate, invoice.dueDate),
    paymentUrl:
      payOnlineAt && payable(invoice)
        ? `${payOnlineAt}/api/customers/${customerId}/invoices/${invoice.id}/pay`
        : invoice.paymentUrl && balance > 0
          ? invoice.paymentUrl
          : null,
  };
}
