// A company's statement for a chosen period (issue 39 item 5, ADR 069): the sums, the ageing
// of the closing balance and the PDF and CSV of the same period. The portal's invoices screen
// and the workspace's receivables screen show it, each with its own address of the statement.
import { useQuery } from '@tanstack/react-query';
import { Download, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { ageingBuckets } from '../../shared/ageing.ts';
import { formatDate } from '../../shared/format.ts';
import { formatMinorAmount } from '../../shared/money-format.ts';
import type { Statement } from '../../shared/schemas/statements.ts';
import {
  officeToday,
  periodDates,
  statementPeriodLabels,
  statementPeriods,
  type StatementPeriod,
} from '../../shared/statement-periods.ts';
import { ApiError, getJson } from '../lib/api.ts';
import { withParams } from '../lib/paged-read.ts';
import { Button } from '../ui/button.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

const periodOptions = statementPeriods.map((p) => ({ value: p, label: statementPeriodLabels[p] }));

export function StatementPanel({
  address,
  queryKey,
}: {
  /** `/api/customers/:id/statement` or the staff one; `/pdf` and `/csv` follow it. */
  address: string;
  queryKey: readonly unknown[];
}) {
  const id = useId();
  const today = officeToday();
  const [period, setPeriod] = useState<StatementPeriod>('this-month');
  const [custom, setCustom] = useState(() => periodDates('this-month', today));
  const dates = period === 'custom' ? custom : periodDates(period, today);
  const valid = !!dates.from && !!dates.to && dates.from <= dates.to;
  const query = useQuery({
    queryKey: [...queryKey, 'statement', dates.from, dates.to],
    // The schema's code loads beside the read (issue 42).
    queryFn: () =>
      getJson(withParams(address, dates), () =>
        import('../../shared/schemas/statements.ts').then((m) => m.statementSchema),
      ),
    enabled: valid,
  });
  const fileUrl = (kind: 'pdf' | 'csv') => withParams(`${address}/${kind}`, dates);

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="w-full sm:w-52">
          <Select
            prefix="Period"
            aria-label="Statement period"
            value={period}
            onValueChange={(v) => setPeriod(v as StatementPeriod)}
            options={periodOptions}
          />
        </div>
        {period === 'custom' && (
          <>
            <label className="grid gap-1 text-sm text-slate-700" htmlFor={`${id}-from`}>
              From
              <Input
                id={`${id}-from`}
                type="date"
                value={custom.from}
                max={custom.to || undefined}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
              />
            </label>
            <label className="grid gap-1 text-sm text-slate-700" htmlFor={`${id}-to`}>
              To
              <Input
                id={`${id}-to`}
                type="date"
                value={custom.to}
                min={custom.from || undefined}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
              />
            </label>
          </>
        )}
        {valid && (
          <div className="flex flex-wrap gap-2 sm:ml-auto">
            <Button asChild variant="secondary" size="sm">
              <a href={fileUrl('pdf')} target="_blank" rel="noopener noreferrer">
                <FileText className="h-4 w-4" aria-hidden />
                Download PDF
              </a>
            </Button>
            <Button asChild variant="secondary" size="sm">
              <a href={fileUrl('csv')} download>
                <Download className="h-4 w-4" aria-hidden />
                Download CSV
              </a>
            </Button>
          </div>
        )}
      </div>
      {!valid ? (
        <p role="alert" className="text-sm text-red-700">
          Choose a period that starts on or before the day it ends.
        </p>
      ) : query.isPending ? (
        <div role="status" className="grid gap-2">
          <span className="sr-only">Loading the statement</span>
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : query.isError ? (
        <p role="alert" className="text-sm text-red-700">
          We couldn&rsquo;t load the statement.{' '}
          {query.error instanceof ApiError ? query.error.serverMessage : null}
        </p>
      ) : (
        <StatementSums statement={query.data} />
      )}
    </div>
  );
}

function StatementSums({ statement: s }: { statement: Statement }) {
  const money = (minor: number) => formatMinorAmount(minor, s.currency);
  const sums: [string, string, boolean?][] = [
    ['Opening balance', money(s.openingMinor)],
    ['Invoices', money(s.invoicedMinor)],
    ['Credit notes', money(-s.creditedMinor)],
    ['Payments', money(-s.paidMinor)],
    ['Closing balance', money(s.closingMinor), true],
  ];
  return (
    <div className="grid gap-4">
      <p className="text-sm text-slate-600">
        {formatDate(s.from)} to {formatDate(s.to)}: {s.entries.length}{' '}
        {s.entries.length === 1 ? 'entry' : 'entries'}
      </p>
      <dl
        aria-label="Statement totals"
        className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      >
        {sums.map(([label, value, strong]) => (
          <div key={label} className="rounded-md border border-slate-200 p-3">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className={strong ? 'font-semibold text-slate-900' : 'text-slate-900'}>{value}</dd>
          </div>
        ))}
      </dl>
      <div>
        <h3 className="text-sm font-semibold text-slate-900">
          Ageing at {formatDate(s.to)} (days past due)
        </h3>
        <dl
          aria-label="Ageing"
          className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
        >
          {ageingBuckets.map((b) => (
            <div key={b.key} className="rounded-md bg-slate-50 p-3">
              <dt className="text-xs text-slate-600">{b.label}</dt>
              <dd className="text-slate-900">{money(s.ageing[b.key])}</dd>
            </div>
          ))}
        </dl>
      </div>
    </div>
  );
}
