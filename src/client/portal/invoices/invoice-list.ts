import type { Invoice, InvoiceStatus } from '../../../shared/schemas/invoices.ts';
import { matchesSearch } from '../shared/search.ts';

export type StatusFilter = InvoiceStatus | 'all';

/** Spec section 5: search on number and description, combined with the status filter. */
export function filterInvoices(
  rows: readonly Invoice[],
  search: string,
  status: StatusFilter,
): readonly Invoice[] {
  if (!search.trim() && status === 'all') return rows;
  return rows.filter(
    (i) =>
      (status === 'all' || i.status === status) && matchesSearch(search, i.number, i.description),
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

/**
 * Every invoice with a payment link gets a pay button, and so does every unpaid one:
 * when its link is missing the button explains that instead of hiding silently.
 */
export const showsPayButton = (i: Invoice) => !!i.paymentUrl || i.status !== 'paid';
