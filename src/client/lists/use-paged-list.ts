import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { useCallback, useMemo } from 'react';
import type { PagesQuery } from '../lib/paged-read.ts';

/**
 * The loaded rows of a paged list: the first page for the current search and filters, and
 * each next page on `loadMore`. While a new search is read, the previous rows stay on screen
 * (no flash of an empty or loading table) and `isStale` says so.
 */
export function usePagedList<T>(options: PagesQuery<T>, enabled = true) {
  const query = useInfiniteQuery({ ...options, placeholderData: keepPreviousData, enabled });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const total = query.data?.pages[0]?.total ?? 0;
  return {
    rows,
    total,
    hasMore: hasNextPage,
    /** The rows still to read, for a "Load more … (N more)": 0 once the last page is in. */
    more: hasNextPage ? Math.max(total - rows.length, 0) : 0,
    loadMore,
    isPending: query.isPending,
    isStale: query.isPlaceholderData,
    error: query.isError ? query.error : null,
    refetch: query.refetch,
  };
}
