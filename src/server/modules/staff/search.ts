import { ilike, or, type AnyColumn, type SQL } from 'drizzle-orm';

/** Case-insensitive substring match of `q` on any of the columns (LIKE wildcards in q are literal). */
export function matchesAny(q: string | undefined, columns: AnyColumn[]): SQL | undefined {
  if (!q) return undefined;
  const pattern = `%${q.replace(/[\\%_]/g, '\\$&')}%`;
  return or(...columns.map((c) => ilike(c, pattern)));
}
