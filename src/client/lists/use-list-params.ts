import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useState } from 'react';
import { useSearchParams } from 'wouter';
import type { PagesQuery } from '../lib/paged-read.ts';

/** How long typing pauses before the search goes to the URL and the server (issue 20). */
export const SEARCH_DEBOUNCE_MS = 200;

/** Each filter's values: a fixed list, or a test (ids of records loaded later, e.g. companies). */
type FilterSpec<K extends string> = Record<K, readonly string[] | ((value: string) => boolean)>;

const offered = (spec: readonly string[] | ((value: string) => boolean), value: string) =>
  typeof spec === 'function' ? spec(value) : spec.includes(value);

/**
 * A list screen's search and filters, kept in the URL (`?q=&status=`) so a reload or a
 * shared link shows the same view. The search box answers at once (`search`); the URL and
 * so the server read follow after a pause in typing (`q`). A filter value the screen does
 * not offer (an edited link) reads as "All".
 *
 * `read` is the list's query for a set of server parameters: when the pause ends its first
 * page is asked for at once, before the URL change re-renders the screen, and the list's
 * query finds that read in flight (issue 20: results within 300 ms of the last keystroke).
 */
export function useListParams<K extends string, T>(
  filters: FilterSpec<K>,
  read?: (serverParams: Record<string, string>) => PagesQuery<T>,
) {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [search, setSearch] = useState(q);
  const queryClient = useQueryClient();

  const values = Object.fromEntries(
    (Object.keys(filters) as K[]).map((name) => {
      const value = params.get(name);
      return [name, value && offered(filters[name], value) ? value : 'all'];
    }),
  ) as Record<K, string>;

  /** What the server is asked for: `q` and the filters that are not "All". */
  const serverParams: Record<string, string> = { q };
  for (const [name, value] of Object.entries<string>(values)) {
    if (value !== 'all') serverParams[name] = value;
  }

  const startRead = useEffectEvent((nextQ: string) => {
    if (read) void queryClient.prefetchInfiniteQuery(read({ ...serverParams, q: nextQ }));
  });

  useEffect(() => {
    if (search.trim() === q) return;
    const timer = setTimeout(() => {
      startRead(search.trim());
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (search.trim()) next.set('q', search.trim());
          else next.delete('q');
          return next;
        },
        { replace: true },
      );
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search, q, setParams]);

  // Back and forward move the URL under the box: the box follows (set while rendering,
  // React's pattern for state derived from a changed input).
  const [seenQ, setSeenQ] = useState(q);
  if (seenQ !== q) {
    setSeenQ(q);
    if (search.trim() !== q) setSearch(q);
  }

  const setFilter = (name: K, value: string) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'all') next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return { search, setSearch, q, filters: values, setFilter, serverParams };
}
