// Column and index helpers every area's tables share.
import { sql, type SQLWrapper } from 'drizzle-orm';
import { type ExtraConfigColumn, index, timestamp } from 'drizzle-orm/pg-core';
import { searchText } from '../search-text.ts';

export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** A GIN trigram index (pg_trgm, loaded on PGlite too): `ilike '%text%'` on the column uses it. */
export const trigramIndex = (name: string, column: ExtraConfigColumn) =>
  index(name).using('gin', column.op('gin_trgm_ops'));
/** A GIN trigram index over a list's searched text (`searchText`, the expression its query uses). */
export const searchIndex = (name: string, ...columns: [SQLWrapper, ...SQLWrapper[]]) =>
  index(name).using('gin', sql`${searchText(...columns)} gin_trgm_ops`);
