import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { Db, Tx } from './client.ts';

/**
 * JSON text of a `T`, built by the database. Lists of thousands of rows are answered
 * this way: no driver row parsing, no mapping, no zod encoding, no JSON.stringify in Node
 * (docs/decisions/014-list-endpoints-json-in-sql.md). The brand only carries the shape.
 */
export type JsonText<T> = string & { readonly __shape?: T };

/**
 * The select list of a JSON row: each expression aliased to its key, so `jsonArray`
 * turns a row into the object `T`. Every key of `T` must be given.
 */
export function jsonFields<T>(fields: { [K in keyof Required<T>]: SQLWrapper }) {
  return Object.fromEntries(
    Object.entries<SQLWrapper>(fields).map(([key, value]) => [key, sql`${value}`.as(key)]),
  ) as { [K in keyof T]: SQL.Aliased };
}

/** An instant as `Date.toISOString()` writes it (UTC, milliseconds, `Z`). */
export const isoTimestamp = (value: SQLWrapper) =>
  sql`to_char(${value} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/**
 * The rows of `query` as the text of one JSON array, in the query's order (the aggregate
 * reads its only input, the ordered subquery, as it comes): an SQL expression, so several
 * lists can be answered by one statement.
 * `omitNull` names an optional field that is left out, rather than null, when it has no
 * value. It is cut from the text, which is far cheaper than json_strip_nulls re-parsing
 * it, and safe: inside a JSON string a quote is always escaped, so `,"key":null` can only
 * be that field. The field must not come first in the row.
 */
export function jsonArrayText<T>(
  query: SQLWrapper,
  { omitNull }: { omitNull?: string } = {},
): SQL<JsonText<T[]>> {
  const array = sql`coalesce(json_agg(r), '[]')::text`;
  const json = omitNull
    ? sql`replace(${array}, ${`,${JSON.stringify(omitNull)}:null`}, '')`
    : array;
  return sql<JsonText<T[]>>`(select ${json} from (${query}) as r)`;
}

/** The value of one JSON text expression (see `jsonArrayText`), in one round trip. */
export async function selectJsonText<T>(db: Db | Tx, text: SQL<JsonText<T>>): Promise<JsonText<T>> {
  const result = (await db.execute(sql`select ${text} as json`)) as unknown as {
    rows: Array<{ json: JsonText<T> }>;
  };
  const row = result.rows[0];
  if (!row) throw new Error('a JSON text query returned no row');
  return row.json;
}

/** The rows of `query` as one JSON array (see `jsonArrayText`). */
export function jsonArray<T>(
  db: Db | Tx,
  query: SQLWrapper,
  options: { omitNull?: string } = {},
): Promise<JsonText<T[]>> {
  return selectJsonText(db, jsonArrayText<T>(query, options));
}

export const parseJsonText = <T>(text: JsonText<T>) => JSON.parse(text) as T;

/** Sends JSON text as it is: Fastify skips serialisation for a string typed as JSON. */
export function sendJsonText(reply: FastifyReply, text: JsonText<unknown>) {
  return reply.type('application/json; charset=utf-8').send(text);
}
