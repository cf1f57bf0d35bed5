import { z } from 'zod';
import { MAX_PAGE_SIZE } from '../page-size.ts';

/** Paged lists (issue 20): how many rows a page holds unless `?limit=` says otherwise, and at most. */
export const PAGE_SIZE = 50;
/** Longer than any number, name or subject a user types; a longer `q` is a 400, not a slow scan. */
export const MAX_SEARCH_LENGTH = 200;

export const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`;
export const SEARCH_TOO_LONG = `Search must be at most ${MAX_SEARCH_LENGTH} characters`;
export const BAD_CURSOR = 'This page link is not valid; reload the list';

/** The header holding the number of rows matching the search and filters, over all pages. */
export const TOTAL_COUNT_HEADER = 'x-total-count';

type Values = readonly [string, ...string[]];

/** A filter's query parameter: one of the shared value list, or absent for "All". */
export const filterParam = (name: string, values: Values) =>
  z
    .enum(values as [string, ...string[]], {
      message: `${name} must be one of ${values.join(', ')}`,
    })
    .optional();

/**
 * The query string of every paged list: `limit`, `cursor`, `q` and the list's filters.
 * Unknown parameters are ignored (a cache-buster must not fail a read); unknown values are not.
 */
export function pageQuerySchema<F extends Record<string, Values>>(
  filters: F,
  { defaultLimit = PAGE_SIZE }: { defaultLimit?: number } = {},
) {
  const filterShape = Object.fromEntries(
    Object.entries(filters).map(([name, values]) => [name, filterParam(name, values)]),
  ) as { [K in keyof F]: ReturnType<typeof filterParam> };
  return z.object({
    limit: z.coerce
      .number({ message: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(MAX_PAGE_SIZE, LIMIT_MESSAGE)
      .default(defaultLimit),
    cursor: z.string().max(2000, BAD_CURSOR).optional(),
    q: z.string().max(MAX_SEARCH_LENGTH, SEARCH_TOO_LONG).optional(),
    ...filterShape,
  });
}

export type PageQuery = {
  limit: number;
  cursor?: string | undefined;
  q?: string | undefined;
} & Record<string, string | number | undefined>;

/**
 * The query of a list small by nature (staff members, saved replies; ADR 043): the same
 * contract, its default page the largest, so a screen reading it whole reads one page.
 */
export const smallListQuerySchema = pageQuerySchema({}, { defaultLimit: MAX_PAGE_SIZE });
