import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../shared/format.ts';
import { agreementTypeLabels } from '../../../shared/agreement-types.ts';
import type { PortalAgreementHours } from '../../../shared/schemas/agreements.ts';
import { portalQueries } from '../../lib/portal-queries.ts';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';
import { BurnDownChart } from './burn-down-chart.tsx';

const hours = (n: number) => `${Number(n.toFixed(2))} h`;

function Agreement({ a }: { a: PortalAgreementHours }) {
  const p = a.period;
  const tm = a.type === 'time-and-materials';
  const figures = tm
    ? [['Used', hours(p.used)] as const]
    : ([
        ['Included', hours(p.included)],
        ['Used', hours(p.used)],
        [p.overage > 0 ? 'Over' : 'Left', hours(p.overage > 0 ? p.overage : p.left)],
      ] as const);
  return (
    <li className="grid gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <h3 className="font-medium text-slate-900">{a.name}</h3>
        <p className="text-xs text-slate-600">
          {agreementTypeLabels[a.type]} · {formatDate(p.start)}
          {p.end ? ` to ${formatDate(p.end)}` : ''}
        </p>
      </div>
      <dl className="grid grid-cols-3 gap-2" aria-label={`${a.name} hours`}>
        {figures.map(([label, value]) => (
          <div key={label} className="rounded-md bg-slate-50 px-3 py-2">
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd
              className={`text-lg font-semibold ${label === 'Over' ? 'text-red-700' : 'text-slate-900'}`}
            >
              {value}
            </dd>
          </div>
        ))}
      </dl>
      {!tm && (
        <BurnDownChart points={a.burnDown} included={p.included} start={p.start} end={p.end} />
      )}
    </li>
  );
}

/**
 * Issue 40 item 3: the hours each active agreement holds this period, on the invoices screen
 * (admin and billing only, as the invoices are; ADR 071). Nothing shows without an agreement.
 */
export function AgreementHoursCard({ companyId }: { companyId: string }) {
  const query = useQuery(portalQueries.agreementHours(companyId));
  if (!query.data || query.data.length === 0) return null;
  return (
    <Card>
      <CardHeader title="Hours" />
      <CardBody>
        <p className="mb-4 text-sm text-slate-600">
          The hours your agreements include this period, what is used and what is left.
        </p>
        <ul className="grid gap-4">
          {query.data.map((a) => (
            <Agreement key={a.id} a={a} />
          ))}
        </ul>
      </CardBody>
    </Card>
  );
}
