import type { ReactNode } from 'react';
import { Skeleton } from '../../ui/skeleton.tsx';
import { EmptyState } from './empty-state.tsx';
import { QueryError } from './query-state.tsx';

/**
 * The rows part of a list screen: placeholders while the first page is read, the failure
 * with a retry, the screen's empty state (spec texts), or the rows. While a new search is
 * read the previous rows stay (`aria-busy`), so the table is replaced without a flash.
 */
export function ListBody<T>({
  rows,
  pending,
  stale,
  error,
  onRetry,
  what,
  empty,
  children,
}: {
  rows: readonly T[];
  pending: boolean;
  stale: boolean;
  error: Error | null;
  onRetry: () => void;
  what: string;
  empty: string;
  children: (rows: readonly T[]) => ReactNode;
}) {
  if (error) return <QueryError error={error} what={what} onRetry={onRetry} />;
  if (pending) {
    return (
      <div role="status" className="grid gap-2">
        <span className="sr-only">Loading</span>
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-10" />
        ))}
      </div>
    );
  }
  if (rows.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <div aria-busy={stale} className="contents">
      {children(rows)}
    </div>
  );
}
