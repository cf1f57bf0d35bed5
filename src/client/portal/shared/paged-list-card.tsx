import type { ReactNode } from 'react';
import { Card } from '../../ui/card.tsx';
import { VirtualTable, type VirtualColumn } from '../../ui/virtual-table.tsx';
import { LoadMore } from '../../lists/load-more.tsx';
import type { usePagedList } from '../../lists/use-paged-list.ts';
import { ListBody } from './list-body.tsx';
import type { SelectOption } from '../../ui/select.tsx';
import { ListToolbar } from './list-toolbar.tsx';

type Pages<T> = ReturnType<typeof usePagedList<T>>;

/** A list as a table from `lg` up and as cards below (ui/virtual-table.tsx). */
export type TableView<T> = {
  /** The list's region name, e.g. "Tickets". */
  label: string;
  columns: readonly VirtualColumn[];
  rowKey: (row: T) => string;
  rowHeight?: number;
  renderCells: (row: T) => ReactNode;
  renderCard: (row: T) => ReactNode;
};

/** One filter of the list, kept in the address as `name` ("Filter by status", "Status: All"). */
export type ListFilter<K extends string> = {
  name: K;
  prefix: string;
  options: readonly SelectOption[];
};

/** A list of heavy cards in a grid, the next page on "Show more" (Projects). */
type GridView<T> = { renderGrid: (rows: readonly T[]) => ReactNode };

/**
 * One portal list (ADR 053, 056): the search box and filters, the rows' states (loading,
 * failed, empty, stale), the rows as a virtual table or a grid, and the end of the list (the
 * next page as the end comes into view). `sample` holds the spec's sample rows, already
 * searched, for a company with none; then no page is read and nothing fails.
 */
export function PagedListCard<T, K extends string>({
  what,
  empty,
  list,
  filters,
  pages,
  sample,
  view,
}: {
  /** Lower case and many, e.g. "tickets": the search box says "Search tickets". */
  what: string;
  /** The spec's empty text, e.g. "No tickets found". */
  empty: string;
  /** The search and filters in the address (lists/use-list-params.ts). */
  list: {
    search: string;
    setSearch: (value: string) => void;
    filters: Record<K, string>;
    setFilter: (name: K, value: string) => void;
  };
  filters: readonly ListFilter<K>[];
  pages: Pages<T>;
  sample: readonly T[] | null;
  view: TableView<T> | GridView<T>;
}) {
  const toolbar = (
    <ListToolbar
      searchLabel={`Search ${what}`}
      search={list.search}
      onSearch={list.setSearch}
      filters={filters.map((f) => ({
        label: `Filter by ${f.prefix.toLowerCase()}`,
        prefix: f.prefix,
        value: list.filters[f.name],
        options: f.options,
        onChange: (value: string) => list.setFilter(f.name, value),
      }))}
    />
  );
  const body = (children: (rows: readonly T[]) => ReactNode) => (
    <ListBody
      rows={sample ?? pages.rows}
      pending={!sample && pages.isPending}
      stale={pages.isStale}
      error={sample ? null : pages.error}
      onRetry={() => void pages.refetch()}
      what={what}
      empty={empty}
    >
      {children}
    </ListBody>
  );
  if ('renderGrid' in view) {
    const more = sample ? 0 : pages.more;
    return (
      <>
        {toolbar}
        {body(view.renderGrid)}
        {more > 0 && (
          <LoadMore label={`Show more ${what} (${more} more)`} onLoad={pages.loadMore} />
        )}
      </>
    );
  }
  return (
    <Card className="grid gap-4 p-4">
      {toolbar}
      {body((rows) => (
        <VirtualTable rows={rows} onEndReached={pages.loadMore} {...view} />
      ))}
    </Card>
  );
}
