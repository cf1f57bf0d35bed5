import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDate } from '../../../shared/format.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import {
  recurringActionLabels,
  recurringCadenceLabels,
  type RecurringInvoice,
} from '../../../shared/schemas/recurring-invoices.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { Card, CardHeader } from '../../ui/card.tsx';
import { QueryState } from '../query-state.tsx';
import {
  ScheduleDeleteDialog,
  ScheduleRowActions,
  useScheduleCommands,
} from '../schedule-row-actions.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { RecurringInvoiceDialog } from './recurring-invoice-dialog.tsx';
import { RecurringInvoiceRunsDialog } from './recurring-invoice-runs-dialog.tsx';

/** "Monthly on day 31 (Pacific/Auckland) · Issue and mail · due in 14 days". */
const when = (s: RecurringInvoice) =>
  `${recurringCadenceLabels[s.cadence]} on day ${s.runDay} (${s.timeZone}) · ${recurringActionLabels[s.action]} · due in ${s.paymentTermsDays} days`;

const money = (s: RecurringInvoice) => formatAmount(s.amount, s.currency);

/**
 * The company's recurring invoices (ADR 068): what is invoiced when; edit, pause, resume,
 * delete, and each schedule's runs. Billing and admins write, every other role reads.
 */
export function RecurringInvoicesCard({ companyId }: { companyId: string }) {
  const schedules = useQuery(staffQueries.recurringInvoices(companyId));
  // The template's prices are in the company's currency, read as the invoices card reads it.
  const currency = useQuery(staffQueries.company(companyId)).data?.currency;
  const [editing, setEditing] = useState<RecurringInvoice | 'new' | null>(null);
  const [showingRuns, setShowingRuns] = useState<RecurringInvoice | null>(null);
  const canWrite = useStaffCan('invoices');
  const commands = useScheduleCommands<RecurringInvoice>({
    path: 'recurring-invoices',
    title: 'Recurring Invoice',
    toggleBody: (s) => ({ active: !s.active }),
  });
  return (
    <Card>
      <CardHeader
        title="Recurring Invoices"
        className="min-h-15 flex-wrap"
        action={
          canWrite &&
          currency && <Button onClick={() => setEditing('new')}>New Recurring Invoice</Button>
        }
      />
      <QueryState query={schedules} empty="No recurring invoices">
        {(rows) => (
          <DataTable
            caption="Recurring Invoices"
            columns={['Name', 'Schedule', 'Next Run', 'Actions']}
            wide={['Name', 'Schedule']}
          >
            {rows.map((s) => (
              <DataRow key={s.id}>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{s.name}</div>
                  <div className="text-xs text-slate-600">
                    {money(s)} · {s.lines.length} {s.lines.length === 1 ? 'line' : 'lines'}
                  </div>
                </td>
                <td className={cell}>
                  {when(s)}
                  <div className="text-xs text-slate-600">
                    From {formatDate(s.startsOn)}
                    {s.endsOn ? ` to ${formatDate(s.endsOn)}` : ''}
                  </div>
                </td>
                <td className={cell}>
                  {!s.active ? (
                    <Badge tone="gray">Paused</Badge>
                  ) : s.nextRunOn ? (
                    formatDate(s.nextRunOn)
                  ) : (
                    <Badge tone="gray">Ended</Badge>
                  )}
                </td>
                <td className={cell}>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="secondary"
                      size="sm"
                      onClick={() => setShowingRuns(s)}
                      aria-label={`Runs: ${s.name}`}
                    >
                      Runs
                    </Button>
                    {canWrite && (
                      <ScheduleRowActions
                        row={s}
                        name={s.name}
                        paused={!s.active}
                        commands={commands}
                        onEdit={() => setEditing(s)}
                      />
                    )}
                  </div>
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </QueryState>
      <ScheduleDeleteDialog
        commands={commands}
        title="Delete this recurring invoice?"
        description={(s) => `"${s.name}" will make no more invoices. Invoices it made stay.`}
      />
      {showingRuns && (
        <RecurringInvoiceRunsDialog schedule={showingRuns} onClose={() => setShowingRuns(null)} />
      )}
      {editing && currency && (
        <RecurringInvoiceDialog
          companyId={companyId}
          currency={currency}
          schedule={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </Card>
  );
}
