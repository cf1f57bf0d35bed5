import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import type { RecurringInvoice } from '../../../shared/schemas/recurring-invoices.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { QueryState } from '../query-state.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';

/** A schedule's runs, newest period first: the invoice each made, or why it made none. */
export function RecurringInvoiceRunsDialog({
  schedule,
  onClose,
}: {
  schedule: RecurringInvoice;
  onClose: () => void;
}) {
  const runs = useQuery(staffQueries.recurringInvoiceRuns(schedule.id));
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent title={`Runs: ${schedule.name}`} className="sm:max-w-2xl">
        <QueryState query={runs} empty="No runs yet">
          {(rows) => (
            <DataTable caption="Runs" columns={['Period', 'Invoice', 'Amount', 'Outcome']}>
              {rows.map((r) => (
                <DataRow key={r.periodOn}>
                  <td className={cell}>{formatDate(r.periodOn)}</td>
                  <td className={cell}>{r.invoiceNumber ?? '—'}</td>
                  <td className={cell}>
                    {r.amount === null ? '—' : formatAmount(r.amount, schedule.currency)}
                  </td>
                  <td className={cell}>{r.error ?? r.state ?? 'Invoice removed'}</td>
                </DataRow>
              ))}
            </DataTable>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
