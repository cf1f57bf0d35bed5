import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import { Button } from '../../ui/button.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { InvoiceDocumentDialog } from './invoice-document-dialog.tsx';
import { InvoiceDraftDialog } from './invoice-draft-dialog.tsx';

/**
 * A company's invoices, newest first, read in pages (issue 20): each with its state and what
 * is still owed, in its own currency. A new invoice starts as a draft with lines (ADR 066);
 * opening one shows the document and, to billing and admins, what its state allows.
 */
export function InvoicesCard({ companyId }: { companyId: string }) {
  const [drafting, setDrafting] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const invoices = usePagedList(staffQueries.invoices(companyId));
  const company = useQuery(staffQueries.company(companyId));
  // Admins and billing write invoices (ADR 058); agents read them to answer a customer.
  const canWrite = useStaffCan('invoices');
  const currency = company.data?.currency;
  return (
    <>
      <ListCard
        title="Invoices"
        action={
          canWrite && currency && <Button onClick={() => setDrafting(true)}>New Invoice</Button>
        }
        pages={invoices}
        empty="No invoices found"
        what="invoices"
        one="invoice"
      >
        {(rows) => (
          <DataTable
            caption="Invoices"
            columns={[
              'Invoice #',
              'Description',
              'Issue Date',
              'Due Date',
              'Amount',
              'State',
              'Balance',
              'Actions',
            ]}
          >
            {rows.map((inv) => (
              <DataRow key={inv.id}>
                <td className={cell}>{inv.number}</td>
                <td className={cell}>{inv.description}</td>
                <td className={cell}>{formatDate(inv.issueDate)}</td>
                <td className={cell}>{formatDate(inv.dueDate)}</td>
                <td className={cell}>{formatAmount(inv.amount, inv.currency)}</td>
                <td className={cell}>
                  <span className="inline-flex flex-wrap gap-1">
                    <StatusBadge kind="invoiceState" value={inv.state} />
                    {/* Marked overdue while still owed: what the customer is told. */}
                    {inv.status === 'overdue' && inv.state !== 'paid' && inv.state !== 'void' && (
                      <StatusBadge kind="invoice" value="overdue" />
                    )}
                  </span>
                </td>
                <td className={cell}>
                  {inv.state === 'void' ? '—' : formatAmount(inv.balance, inv.currency)}
                </td>
                <td className={cell}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setOpenId(inv.id)}
                    aria-label={`Open ${inv.number}`}
                  >
                    Open
                  </Button>
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {drafting && currency && (
        <InvoiceDraftDialog
          companyId={companyId}
          currency={currency}
          onSaved={(doc) => setOpenId(doc.id)}
          onClose={() => setDrafting(false)}
        />
      )}
      {openId && (
        <InvoiceDocumentDialog
          invoiceId={openId}
          companyId={companyId}
          onClose={() => setOpenId(null)}
        />
      )}
    </>
  );
}
