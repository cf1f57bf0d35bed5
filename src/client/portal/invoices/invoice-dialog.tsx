import { CreditCard, Download } from 'lucide-react';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import { formatCurrency, formatDate } from '../../../shared/format.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { openInNewTab } from '../shared/open-link.ts';
import { openInvoicePdf } from './invoice-actions.ts';

/** The detail dialog: amount, status, description, dates, Pay Now and PDF. */
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
              <dd className="text-xl font-bold text-slate-900">{formatCurrency(invoice.amount)}</dd>
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
