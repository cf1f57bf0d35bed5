import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../../shared/format.ts';
import { staffQueries } from '../../lib/staff-queries.ts';
import { Card, CardBody, CardHeader } from '../../ui/card.tsx';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 0 });

/**
 * What the suggestions beside the new ticket form do (issue 43): the forms they closed, and the
 * subjects for which no article was found (what to write next).
 */
export function SuggestionInsightsCard() {
  const insights = useQuery(staffQueries.kbInsights());
  const data = insights.data;
  if (!data) return null;
  return (
    <Card className="mb-6">
      <CardHeader title={`Suggestions, last ${data.days} days`} />
      <CardBody className="grid gap-4 md:grid-cols-2">
        {data.formsWithSuggestions === 0 ? (
          <p className="text-sm text-slate-600">No new ticket form has shown an article yet.</p>
        ) : (
          <div>
            <p className="text-3xl font-bold text-slate-900">
              {percent.format(data.deflectionRate ?? 0)}
            </p>
            <p className="text-sm text-slate-600">
              of {data.formsWithSuggestions} new ticket{' '}
              {data.formsWithSuggestions === 1 ? 'form' : 'forms'} shown articles were closed by
              &ldquo;This answered my question&rdquo; ({data.answered})
            </p>
          </div>
        )}
        <div>
          <h3 className="text-sm font-semibold text-slate-900">Searches that found nothing</h3>
          {data.unanswered.length === 0 ? (
            <p className="text-sm text-slate-600">None</p>
          ) : (
            <ul className="mt-1 grid gap-1 text-sm">
              {data.unanswered.map((row) => (
                <li key={row.query} className="flex justify-between gap-4">
                  <span className="min-w-0 break-words text-slate-900">{row.query}</span>
                  <span className="shrink-0 text-slate-600">
                    {row.forms}× · {formatDate(row.lastAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardBody>
    </Card>
  );
}
