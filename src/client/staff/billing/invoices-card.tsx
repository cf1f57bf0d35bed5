import { useState } from 'react';
import { formatCurrency, formatDate } from '../../../shared/format.ts';
import type { StaffInvoice } from '../../../shared/schemas/invoices.ts';
import { Button } from '../../ui/button.tsx';
import { staffQueries } from '../../lib/staff-queries.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ListCard } from '../list-card.tsx';
import { StatusBadge } from '../../ui/status-badge.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { InvoiceDialog } from './invoice-dialog.tsx';

type Editing = { invoice?: StaffInvoice } | null;

/** A company's invoices, newest first, read in pages (issue 20); each editable. */
export function InvoicesCard({ companyId }: { companyId: string }) {
  const [editing, setEditing] = useState<Editing>(null);
  const invoices = usePagedList(staffQueries.invoices(companyId));
  return (
    <>
      <ListCard
        title="Invoices"
        action={<Button onClick={() => setEditing({})}>New Invoice</Button>}
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
              'Status',
              'Actions',
            ]}
          >
            {rows.map((inv) => (
              <DataRow key={inv.id}>
                <td className={cell}>{inv.number}</td>
                <td className={cell}>{inv.description}</td>
                <td className={cell}>{formatDate(inv.issueDate)}</td>
                <td className={cell}>{formatDate(inv.dueDate)}</td>
                <td className={cell}>{formatCurrency(inv.amount)}</td>
                <td className={cell}>
                  <StatusBadge kind="invoice" value={inv.status} />
                </td>
                <td className={cell}>
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => setEditing({ invoice: inv })}
                    aria-label={`Edit ${inv.number}`}
                  >
                    Edit
                  </Button>
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      {editing && (
        <InvoiceDialog
          companyId={companyId}
          invoice={editing.invoice}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
