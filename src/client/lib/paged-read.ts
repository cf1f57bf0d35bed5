import { MAX_PAGE_SIZE } from '../../shared/page-size.ts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { schemaOf, throwIfNotOk, type SchemaSource } from './api.ts';

/** One page of a paged list (docs/decisions/029-paged-lists.md). */
export interface Page<T> {
  rows: T[];
  /** Rows matching the search and filters over all pages (`X-Total-Count`). */
  total: number;
  /** The next page's URL (`Link: <...>; rel="next"`), or null on the last page. */
  next: string | null;
}

/** The `rel="next"` target of an RFC 8288 `Link` header. */
export function nextLink(header: string | null): string | null {
  return /<([^>]+)>\s*;\s*rel="next"/.exec(header ?? '')?.[1] ?? null;
}

/** A GET of one page: cookies, the non-OK rule of every read, the rows parsed by the shared schema. */
export async function getPage<T>(url: string, source: SchemaSource<T[]>): Promise<Page<T>> {
  const schema = schemaOf(source);
  const res = await fetch(url, { credentials: 'include' });
  await throwIfNotOk(res);
  const rows = (await schema).parse(await res.json());
  const total = Number(res.headers.get('x-total-count') ?? rows.length);
  return { rows, total, next: nextLink(res.headers.get('link')) };
}

/**
 * Every row of a list that a screen shows whole (a company's sites on the profile): pages of
 * the maximum size, following `Link: rel="next"` to the last one.
 */
export async function getAllPages<T>(path: string, schema: SchemaSource<T[]>): Promise<T[]> {
  const rows: T[] = [];
  let url: string | null = withParams(path, { limit: String(MAX_PAGE_SIZE) });
  while (url) {
    const page: Page<T> = await getPage(url, schema);
    rows.push(...page.rows);
    url = page.next;
  }
  return rows;
}

/** `path?a=1&b=2` with the parameters that have a value, in a stable order (one cache key per view). */
export function withParams(path: string, params: Record<string, string>) {
  const search = new URLSearchParams(
    Object.entries(params)
      .filter(([, v]) => v !== '')
      .sort(([a], [b]) => a.localeCompare(b)),
  ).toString();
  return search ? `${path}?${search}` : path;
}

/**
 * A paged list's read (portal or staff): the first page at `firstUrl` (its search and
 * filters), then each `Link: rel="next"` page, cached under `key`.
 */
export function pagesQuery<T>(
  key: readonly unknown[],
  firstUrl: string,
  schema: SchemaSource<T[]>,
) {
  return infiniteQueryOptions({
    queryKey: key,
    queryFn: ({ pageParam }) => getPage(pageParam ?? firstUrl, schema),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
    // Spec section 7: cached data never goes stale by itself; a write refreshes the company's
    // lists and cards together (review row 156: lists read again on return while their
    // summary cards did not, so the two could disagree). The page the search box asked for
    // when the typing paused (useListParams) is the one the list's query then shows.
    staleTime: Infinity,
  });
}

/** The options `usePagedList` reads. */
export type PagesQuery<T> = ReturnType<typeof pagesQuery<T>>;
