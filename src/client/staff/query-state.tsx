import type { ReactNode } from 'react';
import { isUnauthorizedError } from '../lib/api.ts';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

/**
 * Loading, error and empty states around a staff list. A 401 (session ended, e.g. the
 * account was deactivated) sends the user to sign in, from the query client (lib/query-client.ts).
 */
export function QueryState<T>({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: { data: T | undefined; isLoading: boolean; error: Error | null; refetch: () => unknown };
  empty: string;
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  const unauthorized = isUnauthorizedError(query.error);
  if (query.isLoading) {
    return (
      <div role="status" aria-label="Loading" className="grid gap-2 p-4">
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-full" />
        <Skeleton className="h-6 w-2/3" />
      </div>
    );
  }
  if (query.error) {
    return (
      <div
        role="alert"
        className="flex items-center justify-between gap-4 p-4 text-sm text-red-800"
      >
        <span>{unauthorized ? 'You are logged out.' : 'Could not load this list.'}</span>
        {!unauthorized && (
          <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const data = query.data;
  if (data === undefined) return null;
  const nothing = isEmpty ? isEmpty(data) : Array.isArray(data) && data.length === 0;
  if (nothing) return <p className="p-6 text-center text-sm text-slate-600">{empty}</p>;
  return <>{children(data)}</>;
}
