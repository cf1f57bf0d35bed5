import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { SatisfactionScore } from '../../../shared/schemas/satisfaction.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Card, CardHeader } from '../../ui/card.tsx';
import { cn } from '../../ui/cn.ts';

const percent = (s: SatisfactionScore) => (s.score === null ? '–' : `${s.score}%`);
const counts = (s: SatisfactionScore) => `${s.good} good · ${s.okay} okay · ${s.poor} poor`;

/**
 * Customer satisfaction (issue 17): the share of "good" ratings overall and per agent, over
 * the last 30 or 90 days of ratings.
 */
export function SatisfactionCard() {
  const report = useQuery(staffQueries.satisfaction());
  const [days, setDays] = useState(30);
  const period = report.data?.periods.find((p) => p.days === days);
  return (
    <Card className="mb-6">
      <CardHeader
        title="Customer Satisfaction"
        action={
          <div role="group" aria-label="Period" className="flex gap-1">
            {(report.data?.periods ?? []).map((p) => (
              <button
                key={p.days}
                type="button"
                aria-pressed={p.days === days}
                onClick={() => setDays(p.days)}
                className={cn(
                  'rounded-md px-2.5 py-1 text-sm whitespace-nowrap text-slate-700 hover:bg-slate-100 focus:ring-2 focus:ring-brand-600/40 focus:outline-none',
                  p.days === days && 'bg-slate-900 text-white hover:bg-slate-900',
                )}
              >
                {p.days} days
              </button>
            ))}
          </div>
        }
      />
      {/* No ratings: one sentence, not an empty score beside an empty table (looked at
          2026-11-28). */}
      {period && period.overall.total === 0 && (
        <p className="p-5 text-sm text-slate-600">No ratings in the last {days} days.</p>
      )}
      {period && period.overall.total > 0 && (
        <div className="grid gap-4 p-5 sm:grid-cols-[12rem_1fr]">
          <div>
            <p className="text-3xl font-semibold text-slate-900">{percent(period.overall)}</p>
            <p className="text-sm text-slate-600">
              rated good · {period.overall.total} rating{period.overall.total === 1 ? '' : 's'}
            </p>
            <p className="mt-1 text-xs text-slate-600">{counts(period.overall)}</p>
          </div>
          {period.agents.length > 0 && (
            <table className="w-full text-sm">
              <caption className="sr-only">Satisfaction per agent, last {days} days</caption>
              <thead>
                <tr className="text-left text-xs text-slate-600">
                  <th scope="col" className="py-1 font-medium">
                    Agent
                  </th>
                  <th scope="col" className="py-1 font-medium">
                    Score
                  </th>
                  <th scope="col" className="hidden py-1 font-medium sm:table-cell">
                    Ratings
                  </th>
                </tr>
              </thead>
              <tbody>
                {period.agents.map((a) => (
                  <tr key={a.agentUserId ?? 'none'} className="border-t border-slate-100">
                    <td className="py-1.5 text-slate-900">{a.agent}</td>
                    <td className="py-1.5 text-slate-900">
                      {percent(a)}
                      <span className="text-xs text-slate-600 sm:hidden"> ({a.total})</span>
                    </td>
                    <td className="hidden py-1.5 text-slate-600 sm:table-cell">{counts(a)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}
    </Card>
  );
}
