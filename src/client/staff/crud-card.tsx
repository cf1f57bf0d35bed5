import type { ReactNode } from 'react';
import { Card, CardHeader } from '../ui/card.tsx';
import { CardPages } from './card-pages.tsx';
import { QueryState, pagedState } from './query-state.tsx';

/**
 * One of a company page's cards (invoices, projects, documents, time, users; ADR 056): its
 * title and "New …" action, the form that adds a row where the card has one, the rows read in
 * pages with their states, the "Showing N of M … / Load more" foot, and the card's dialogs
 * (edit, confirm), which the card opens itself.
 */
export function CrudCard<T>({
  title,
  action,
  form,
  list,
  empty,
  noun,
  rows,
  dialogs,
}: {
  title: string;
  action?: ReactNode;
  form?: ReactNode;
  list: {
    rows: T[];
    total: number;
    hasMore: boolean;
    loadMore: () => void;
    isPending: boolean;
    error: Error | null;
    refetch: () => unknown;
  };
  empty: string;
  /** Lower case, one and many: ['invoice', 'invoices']. */
  noun: readonly [string, string];
  rows: (rows: T[]) => ReactNode;
  dialogs?: ReactNode;
}) {
  return (
    <Card>
      <CardHeader title={title} action={action} />
      {form}
      <QueryState query={pagedState(list)} empty={empty}>
        {rows}
      </QueryState>
      <CardPages list={list} noun={noun} />
      {dialogs}
    </Card>
  );
}
