import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { documentTotals } from '../../../shared/invoice-decimal-totals.ts';
import type { StaffInvoiceDocument } from '../../../shared/schemas/invoice-documents.ts';
import { InvoiceLines, InvoiceTotalsList } from '../../invoices/invoice-breakdown.tsx';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { ConfirmDialog } from '../../ui/alert-dialog.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { QueryState } from '../query-state.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { InvoiceDraftDialog } from './invoice-draft-dialog.tsx';
import { CreditNoteDialog, PaymentDialog, VoidDialog } from './invoice-money-dialogs.tsx';
import { InvoiceStatusDialog } from './invoice-status-dialog.tsx';

type Action = 'edit' | 'issue' | 'pay' | 'credit' | 'void' | 'status';

/**
 * One invoice as a document: its state, lines, totals, payments, credit notes and balance.
 * Billing and admins act on it as its state allows (a draft is edited and issued; an open
 * invoice is paid, credited, voided while nothing is against it); others only read (ADR 058).
 */
export function InvoiceDocumentDialog({
  invoiceId,
  companyId,
  onClose,
}: {
  invoiceId: string;
  companyId: string;
  onClose: () => void;
}) {
  const query = useQuery(staffQueries.invoice(invoiceId));
  const queryClient = useQueryClient();
  const [action, setAction] = useState<Action | null>(null);
  const canWrite = useStaffCan('invoices');
  // A write's answer is the document as it now is: shown at once, before the refetch.
  const saved = (doc: StaffInvoiceDocument) =>
    queryClient.setQueryData(staffQueries.invoice(invoiceId).queryKey, doc);
  const issue = useStaffMutation<void, StaffInvoiceDocument>({
    request: () => sendJson('POST', staffUrl(`invoices/${invoiceId}/issue`)),
    success: 'Invoice Issued',
    failure: 'Failed to issue the invoice. Please try again.',
    onSuccess: saved,
  });
  const doc = query.data;
  const title = doc ? `Invoice ${doc.number}` : 'Invoice';
  const close = () => setAction(null);
  const dialogs = doc && action && (
    <>
      {action === 'edit' && (
        <InvoiceDraftDialog
          companyId={companyId}
          currency={doc.currency}
          draft={doc}
          onSaved={saved}
          onClose={close}
        />
      )}
      {action === 'pay' && <PaymentDialog invoice={doc} onSaved={saved} onClose={close} />}
      {action === 'credit' && <CreditNoteDialog invoice={doc} onSaved={saved} onClose={close} />}
      {action === 'void' && <VoidDialog invoice={doc} onSaved={saved} onClose={close} />}
      {action === 'status' && <InvoiceStatusDialog invoice={doc} onClose={close} />}
      <ConfirmDialog
        open={action === 'issue'}
        onOpenChange={(open) => !open && close()}
        title={`Issue ${doc.number}?`}
        description="The customer sees it and is mailed; an issued invoice is never edited (void it and draft another)."
        confirmLabel="Issue Invoice"
        onConfirm={() => issue.mutate()}
      />
    </>
  );
  return (
    <>
      <Dialog open onOpenChange={(open) => !open && onClose()}>
        <DialogContent title={title} className="max-w-2xl">
          <QueryState query={query} empty="Invoice not found">
            {(d) => <DocumentBody doc={d} />}
          </QueryState>
          {doc && canWrite && <Actions doc={doc} busy={issue.isPending} onAction={setAction} />}
        </DialogContent>
      </Dialog>
      {dialogs}
    </>
  );
}

function Actions({
  doc,
  busy,
  onAction,
}: {
  doc: StaffInvoiceDocument;
  busy: boolean;
  onAction: (a: Action) => void;
}) {
  const open = doc.state === 'issued' || doc.state === 'partly-paid';
  const nothingAgainst = doc.paid === 0 && doc.credited === 0;
  const button = (a: Action, label: string, variant: 'primary' | 'secondary' = 'secondary') => (
    <Button key={a} variant={variant} disabled={busy} onClick={() => onAction(a)}>
      {label}
    </Button>
  );
  const buttons = [
    doc.state === 'draft' && button('edit', 'Edit Draft'),
    doc.state === 'draft' && button('issue', 'Issue Invoice', 'primary'),
    open && button('pay', 'Record Payment', 'primary'),
    open && button('credit', 'Add Credit Note'),
    // Marked paid by hand (no payment recorded) it may be marked unpaid again, as before.
    (open || (doc.state === 'paid' && nothingAgainst)) && button('status', 'Status and Link'),
    (doc.state === 'draft' || (open && nothingAgainst)) && button('void', 'Void Invoice'),
  ].filter(Boolean);
  if (buttons.length === 0) return null;
  return <div className="mt-6 flex flex-wrap justify-end gap-2">{buttons}</div>;
}

function DocumentBody({ doc }: { doc: StaffInvoiceDocument }) {
  const totals = documentTotals(doc.lines, doc.discountRate, doc.amount, doc.currency);
  return (
    <div className="grid gap-5">
      <dl className="grid grid-cols-2 gap-4 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">State</dt>
          <dd>
            <StatusBadge kind="invoiceState" value={doc.state} />
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Customer sees</dt>
          <dd>
            {doc.state === 'draft' || doc.state === 'void' ? (
              'Nothing'
            ) : (
              <StatusBadge kind="invoice" value={doc.status} />
            )}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Issue Date</dt>
          <dd className="text-slate-900">{formatDate(doc.issueDate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Due Date</dt>
          <dd className="text-slate-900">{formatDate(doc.dueDate)}</dd>
        </div>
        <div className="col-span-2 sm:col-span-4">
          <dt className="text-slate-600">Description</dt>
          <dd className="break-words text-slate-900">{doc.description}</dd>
        </div>
        {doc.voidReason && (
          <div className="col-span-2 sm:col-span-4">
            <dt className="text-slate-600">Void because</dt>
            <dd className="break-words text-slate-900">{doc.voidReason}</dd>
          </div>
        )}
      </dl>
      {doc.lines.length > 0 && (
        <InvoiceLines lines={doc.lines} amounts={totals?.lines ?? []} currency={doc.currency} />
      )}
      {totals && (
        <InvoiceTotalsList
          totals={totals}
          discountPercent={doc.discountRate}
          currency={doc.currency}
          payments={doc.payments}
          creditNotes={doc.creditNotes}
          balance={doc.state === 'draft' || doc.state === 'void' ? undefined : doc.balance}
        />
      )}
    </div>
  );
}
