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
  return {
    rows,
    total: query.data?.pages[0]?.total ?? 0,
    hasMore: hasNextPage,
    loadMore,
    isPending: query.isPending,
    isStale: query.isPlaceholderData,
    error: query.isError ? query.error : null,
    refetch: query.refetch,
  };
}
