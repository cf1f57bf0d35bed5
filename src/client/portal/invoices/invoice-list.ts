import type { Invoice, InvoiceStatus } from '../../../shared/schemas/invoices.ts';
import { searchTexts } from '../shared/search.ts';

export type StatusFilter = InvoiceStatus | 'all';

/** Spec section 5: search on number and description. */
export const invoiceSearchTexts = (rows: readonly Invoice[]) =>
  searchTexts(rows, (i) => [i.number, i.description]);

/**
 * The search (case-insensitive substring) combined with the status filter; `texts` are
 * `invoiceSearchTexts(rows)`, which the screen keeps for as long as the rows.
 */
export function filterInvoices(
  rows: readonly Invoice[],
  search: string,
  status: StatusFilter,
  texts: readonly string[] = invoiceSearchTexts(rows),
): readonly Invoice[] {
  const needle = search.trim().toLowerCase();
  if (!needle && status === 'all') return rows;
  return rows.filter(
    (i, index) => (status === 'all' || i.status === status) && texts[index]!.includes(needle),
  );
}

/** The four summary cards: Outstanding Balance (pending + overdue) and a count per status. */
export function summarizeInvoices(rows: readonly Invoice[]) {
  let outstandingCents = 0;
  const counts = { paid: 0, pending: 0, overdue: 0 };
  for (const i of rows) {
    counts[i.status] += 1;
    if (i.status !== 'paid') outstandingCents += Math.round(i.amount * 100);
  }
  return { outstandingBalance: outstandingCents / 100, ...counts };
}
