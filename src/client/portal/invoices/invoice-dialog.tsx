import { CreditCard, Download } from 'lucide-react';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { formatDate } from '../../../shared/format.ts';
import { documentTotals } from '../../../shared/invoice-decimal-totals.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import { InvoiceLines, InvoiceTotalsList } from '../../invoices/invoice-breakdown.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { openInNewTab } from '../shared/open-link.ts';
import { openInvoicePdf } from './invoice-actions.ts';

/**
 * The detail dialog: amount, status, description, dates, Pay Now and PDF (spec section 5),
 * then the document beside them (issue 39): its lines, discount, tax per rate and total, and
 * payments, credit notes and the balance when there are any, in the invoice's currency.
 */
export function InvoiceDialog({
  invoice,
  onClose,
}: {
  invoice: Invoice | null;
  onClose: () => void;
}) {
  const payUrl = invoice?.paymentUrl;
  return (
    <Dialog open={!!invoice} onOpenChange={(open) => !open && onClose()}>
      {invoice && (
        <DialogContent title={`Invoice ${invoice.number}`}>
          <dl className="grid grid-cols-2 gap-4 text-sm">
            <div>
              <dt className="text-slate-600">Amount</dt>
              <dd className="text-xl font-bold text-slate-900">
                {formatAmount(invoice.amount, invoice.currency)}
              </dd>
            </div>
            <div>
              <dt className="text-slate-600">Status</dt>
              <dd>
                <StatusBadge kind="invoice" value={invoice.status} />
              </dd>
            </div>
            <div className="col-span-2">
              <dt className="text-slate-600">Description</dt>
              <dd className="text-slate-900">{invoice.description}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Issue Date</dt>
              <dd className="text-slate-900">{formatDate(invoice.issueDate)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Due Date</dt>
              <dd className="text-slate-900">{formatDate(invoice.dueDate)}</dd>
            </div>
          </dl>
          <InvoiceDocument invoice={invoice} />
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Button variant="secondary" onClick={() => openInvoicePdf(invoice)}>
              <Download className="h-4 w-4" aria-hidden />
              PDF
            </Button>
            {/* Spec section 2: Pay Now only when a payment link exists. */}
            {payUrl && (
              <Button onClick={() => openInNewTab(payUrl)}>
                <CreditCard className="h-4 w-4" aria-hidden />
                Pay Now
              </Button>
            )}
          </div>
        </DialogContent>
      )}
    </Dialog>
  );
}

/** The lines and totals of an invoice that has lines; nothing more for one of a single amount. */
function InvoiceDocument({ invoice }: { invoice: Invoice }) {
  const lines = invoice.lines ?? [];
  const currency = invoice.currency ?? 'USD';
  const totals = documentTotals(lines, invoice.discount ?? 0, invoice.amount, currency);
  if (lines.length === 0 || !totals) return null;
  const payments = invoice.payments ?? [];
  const creditNotes = invoice.creditNotes ?? [];
  const settled = payments.length > 0 || creditNotes.length > 0;
  return (
    <section
      aria-label="Invoice details"
      className="mt-6 grid gap-4 border-t border-slate-200 pt-4"
    >
      <InvoiceLines lines={lines} amounts={totals.lines} currency={currency} />
      <InvoiceTotalsList
        totals={totals}
        discountPercent={invoice.discount ?? 0}
        currency={currency}
        payments={payments}
        creditNotes={creditNotes}
        balance={settled ? invoice.balance : undefined}
      />
    </section>
  );
}
