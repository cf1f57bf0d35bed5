import { useState } from 'react';
import { toMinor } from '../../../shared/currency.ts';
import { formatDate } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money-format.ts';
import { agreementTypeLabels, type Agreement } from '../../../shared/schemas/agreements.ts';
import { statusLabel } from '../../../shared/status-labels.ts';
import { staffQueries, staffUrl } from '../../lib/staff-queries.ts';
import { usePagedList } from '../../lists/use-paged-list.ts';
import { ConfirmItemDialog } from '../../ui/alert-dialog.tsx';
import { Badge } from '../../ui/badge.tsx';
import { Button } from '../../ui/button.tsx';
import { sendJson, useStaffMutation } from '../api.ts';
import { ListCard } from '../list-card.tsx';
import { DataRow, DataTable, cell } from '../table.tsx';
import { useStaffCan } from '../use-staff-can.ts';
import { AgreementDialog } from './agreement-dialog.tsx';

const hours = (n: number) => `${Number(n.toFixed(2))} h`;

/** "40 h a month · rolls over 1 month · $125.00/h, over $150.00/h". */
function terms(a: Agreement) {
  const rate = (n: number) => formatMoney(toMinor(n, a.currency), a.currency);
  const parts = [agreementTypeLabels[a.type]];
  if (a.type === 'retainer' && a.hours !== null) parts.push(`${hours(a.hours)} a month`);
  if (a.type === 'prepaid' && a.hours !== null) parts.push(`${hours(a.hours)} block`);
  if (a.rolloverMonths > 0)
    parts.push(
      `rolls over ${a.rolloverMonths} ${a.rolloverMonths === 1 ? 'month' : 'months'}${
        a.rolloverCap !== null ? `, up to ${hours(a.rolloverCap)}` : ''
      }`,
    );
  parts.push(`${rate(a.hourlyRate)}/h, over ${rate(a.overageRate)}/h`);
  return parts.join(' · ');
}

/** "SLA: High 1 h / 8 h · Low 4 h / 24 h": the targets it sets (ADR 073), if any. */
function slaTerms(a: Agreement) {
  if (a.slaTargets.length === 0) return null;
  const h = (minutes: number) => hours(minutes / 60);
  return `SLA: ${a.slaTargets
    .map(
      (t) =>
        `${statusLabel('priority', t.priority)} ${h(t.firstResponseMinutes)} / ${h(t.resolutionMinutes)}`,
    )
    .join(' · ')}`;
}

/** This period's hours: "12 of 40 h used · 28 h left", overage in red. */
function PeriodHours({ a }: { a: Agreement }) {
  const p = a.period;
  if (a.type === 'time-and-materials') return <>{hours(p.used)} this month</>;
  return (
    <>
      {hours(p.used)} of {hours(p.included)} used
      <div className="text-xs text-slate-600">
        {p.overage > 0 ? (
          <span className="text-red-700">{hours(p.overage)} over</span>
        ) : (
          `${hours(p.left)} left`
        )}{' '}
        · {formatDate(p.start)}
        {p.end ? ` to ${formatDate(p.end)}` : ''}
      </div>
    </>
  );
}

/**
 * The company's agreements (ADR 071): terms, this period's hours, edit and end. Billing and
 * admins write, every other role reads (agents pick them when logging time).
 */
export function AgreementsCard({ companyId }: { companyId: string }) {
  const list = usePagedList(staffQueries.agreementPages(companyId));
  const [editing, setEditing] = useState<Agreement | 'new' | null>(null);
  const [ending, setEnding] = useState<Agreement | null>(null);
  const canWrite = useStaffCan('invoices');
  const end = useStaffMutation<Agreement>({
    request: (a) => sendJson('PATCH', staffUrl(`agreements/${a.id}`), { status: 'ended' }),
    success: 'Agreement Ended',
    failure: 'Failed to end the agreement. Please try again.',
  });
  return (
    <>
      <ListCard
        title="Agreements"
        action={canWrite && <Button onClick={() => setEditing('new')}>New Agreement</Button>}
        pages={list}
        empty="No agreements"
        what="agreements"
        one="agreement"
      >
        {(rows) => (
          <DataTable
            caption="Agreements"
            columns={['Name', 'Terms', 'This Period', 'Actions']}
            wide={['Name', 'Terms']}
          >
            {rows.map((a) => (
              <DataRow key={a.id}>
                <td className={cell}>
                  <div className="font-medium text-slate-900">{a.name}</div>
                  <div className="text-xs text-slate-600">
                    From {formatDate(a.startsOn)}
                    {a.endsOn ? ` to ${formatDate(a.endsOn)}` : ''}
                  </div>
                </td>
                <td className={cell}>
                  {terms(a)}
                  {slaTerms(a) && <div className="text-xs text-slate-600">{slaTerms(a)}</div>}
                </td>
                <td className={cell}>
                  {a.status === 'ended' ? <Badge tone="gray">Ended</Badge> : <PeriodHours a={a} />}
                </td>
                <td className={cell}>
                  {canWrite && a.status === 'active' && (
                    <div className="flex flex-wrap gap-2">
                      <Button
                        variant="secondary"
                        size="sm"
                        onClick={() => setEditing(a)}
                        aria-label={`Edit: ${a.name}`}
                      >
                        Edit
                      </Button>
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={end.isPending}
                        onClick={() => setEnding(a)}
                        aria-label={`End: ${a.name}`}
                      >
                        End
                      </Button>
                    </div>
                  )}
                </td>
              </DataRow>
            ))}
          </DataTable>
        )}
      </ListCard>
      <ConfirmItemDialog
        item={ending}
        onClose={() => setEnding(null)}
        title="End this agreement?"
        description={(a) => `"${a.name}" will take no more time. Time logged on it stays.`}
        confirmLabel="End Agreement"
        onConfirm={(a) => end.mutate(a)}
      />
      {editing && (
        <AgreementDialog
          companyId={companyId}
          agreement={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
