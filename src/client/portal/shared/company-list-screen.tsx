import type { ReactNode } from 'react';
import type { CompanyQuery } from '../../lib/portal-queries.ts';
import { NoCompany, QueryError, ScreenSkeleton } from './query-state.tsx';
import { useCompanyQuery, type PortalCompany } from './use-company-query.ts';

/**
 * A portal list screen: its heading, then the company's list once its summary (the cards,
 * counted over every row) is loaded, or why it is not (no company, loading, a failed read
 * with a retry). The list itself reads its pages (`usePagedList`).
 */
export function CompanyListScreen<S>({
  title,
  intro,
  query,
  what,
  children,
}: {
  title: string;
  intro: string;
  /** The list's summary read (`portalQueries.invoiceSummary`, ...). */
  query: CompanyQuery<S>;
  /** The list's name in the failure message, e.g. "invoices". */
  what: string;
  children: (summary: S, company: PortalCompany) => ReactNode;
}) {
  const read = useCompanyQuery(query);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {!read.company ? (
        <NoCompany />
      ) : read.isPending ? (
        <ScreenSkeleton />
      ) : read.isError ? (
        <QueryError error={read.error} what={what} onRetry={() => void read.refetch()} />
      ) : (
        children(read.data, read.company)
      )}
    </div>
  );
}
