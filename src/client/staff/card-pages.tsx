import { LoadMore } from '../lists/load-more.tsx';

/**
 * The foot of a company page card read in pages (issue 20): how many rows there are in all
 * and, while more remain, the "Load more … (N more)" of every staff list.
 */
export function CardPages({
  list,
  noun,
}: {
  list: { rows: unknown[]; total: number; hasMore: boolean; loadMore: () => void };
  /** Lower case, one and many: ['invoice', 'invoices']. */
  noun: readonly [string, string];
}) {
  const [one, many] = noun;
  const more = list.total - list.rows.length;
  if (list.total === 0) return null;
  return (
    <div className="grid gap-3 border-t border-slate-200 p-4">
      <p className="text-center text-sm text-slate-600">
        {more > 0
          ? `Showing ${list.rows.length} of ${list.total} ${many}`
          : `${list.total} ${list.total === 1 ? one : many}`}
      </p>
      {more > 0 && list.hasMore && (
        <LoadMore label={`Load more ${many} (${more} more)`} onLoad={list.loadMore} />
      )}
    </div>
  );
}
