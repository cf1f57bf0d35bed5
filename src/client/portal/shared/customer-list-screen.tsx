import type { ReactNode } from 'react';
import { NoCompany, QueryError, ScreenSkeleton } from './query-state.tsx';
import { useCustomerQuery } from './use-customer-query.ts';

/**
 * A portal list screen: its heading, then the company's `resource` list once loaded, or
 * why it is not (no company, loading, a failed read with a retry; a 401 redirects).
 */
export function CustomerListScreen<T>({
  title,
  intro,
  resource,
  children,
}: {
  title: string;
  intro: string;
  resource: string;
  children: (rows: T[], company: string) => ReactNode;
}) {
  const query = useCustomerQuery<T[]>(resource);
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
        <p className="mt-1 text-sm text-slate-600">{intro}</p>
      </div>
      {!query.company ? (
        <NoCompany />
      ) : query.isPending ? (
        <ScreenSkeleton />
      ) : query.isError ? (
        !query.unauthorized && <QueryError what={resource} onRetry={() => void query.refetch()} />
      ) : (
        children(query.data, query.company.name)
      )}
    </div>
  );
}
