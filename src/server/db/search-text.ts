import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';

/**
 * The text a list's `?q=` searches: its columns joined by a line feed, one expression that a
 * single trigram index covers (docs/decisions/038-one-search-index-per-list.md). The schema's
 * index and the list's query are built by this one function, so the planner sees the same
 * expression in both and uses the index. The separator is a literal, never a parameter
 * (a parameter would not match the index's expression); a search never spans two columns
 * unless it contains a line feed itself.
 */
export function searchText(...columns: [SQLWrapper, ...SQLWrapper[]]): SQL {
  return sql`(${sql.join(columns, sql.raw(` || E'\\n' || `))})`;
}

/** A nullable column inside `searchText`: a missing value searches as the empty string. */
export const orEmpty = (column: SQLWrapper): SQL => sql`coalesce(${column}, '')`;
