import type { ReactNode } from 'react';
import { Card, CardHeader } from '../ui/card.tsx';
import { LoadMore } from '../lists/load-more.tsx';
import type { usePagedList } from '../lists/use-paged-list.ts';
import { QueryState } from './query-state.tsx';

type Pages<T> = ReturnType<typeof usePagedList<T>>;

/**
 * One staff list read in pages (ADR 056), a screen's or a company page card's: the card, its
 * title and action, what sits above the rows (an intro, the form that adds a row, the toolbar
 * of search and filters), the rows' states (loading, failed with a retry, the empty text) and
 * the end of the list, "Load more … (N more)". The rows themselves are the caller's: a
 * `DataTable` of `DataRow`s, or a list of heavier items (projects).
 */
export function ListCard<T>({
  title,
  action,
  top,
  toolbar,
  pages,
  empty,
  what,
  one,
  children,
}: {
  title?: string;
  action?: ReactNode;
  /** Above the toolbar: an intro, or the form that adds a row. */
  top?: ReactNode;
  /** The search box and filters (filters.tsx, company-picker.tsx), in one row that wraps. */
  toolbar?: ReactNode;
  pages: Pages<T>;
  empty: string;
  /** Lower case and many, e.g. "entries": "Load more entries (12 more)". */
  what: string;
  /** `what` for one row; given, the end also counts the rows ("Showing 25 of 40 invoices"). */
  one?: string;
  children: (rows: T[]) => ReactNode;
}) {
  return (
    <Card>
      {/* Rows right under the title: as tall as with its button, or without one (a role that
          may not add rows) the title would sit on the table's header row. */}
      {title && (
        <CardHeader title={title} action={action} className={top || toolbar ? '' : 'min-h-15'} />
      )}
      {top}
      {toolbar && (
        <div className="flex flex-wrap gap-3 border-b border-slate-200 p-4">{toolbar}</div>
      )}
      <QueryState
        query={{
          data: pages.isPending ? undefined : pages.rows,
          isLoading: pages.isPending,
          error: pages.error,
          refetch: pages.refetch,
        }}
        empty={empty}
      >
        {children}
      </QueryState>
      <ListEnd pages={pages} what={what} one={one} />
    </Card>
  );
}

/** "Load more … (N more)" while rows remain; with `one`, how many there are in all above it. */
function ListEnd<T>({ pages, what, one }: { pages: Pages<T>; what: string; one?: string }) {
  const loadMore = pages.more > 0 && (
    <LoadMore label={`Load more ${what} (${pages.more} more)`} onLoad={pages.loadMore} />
  );
  if (one === undefined) {
    return loadMore ? <div className="border-t border-slate-200 p-4">{loadMore}</div> : null;
  }
  if (pages.total === 0) return null;
  const { total } = pages;
  const shown = pages.rows.length;
  return (
    <div className="grid gap-3 border-t border-slate-200 p-4">
      <p className="text-center text-sm text-slate-600">
        {shown < total
          ? `Showing ${shown} of ${total} ${what}`
          : `${total} ${total === 1 ? one : what}`}
      </p>
      {loadMore}
    </div>
  );
}
