import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { BAD_CURSOR, type PageQuery } from '../../shared/schemas/paging.ts';
import { badRequest } from '../lib/errors.ts';
import type { Db, Tx } from './client.ts';
import type { JsonText } from './json-list.ts';

/** One key of a list's order; the last key of a list must be unique (its tie-breaker). */
export interface SortKey {
  expr: SQLWrapper;
  desc?: boolean;
  /** How a key read back from a cursor is cast (the cursor holds each key as text). */
  type: 'timestamptz' | 'date' | 'text' | 'uuid';
}

/**
 * A list served in pages (docs/decisions/029-paged-lists.md): its rows as the API's
 * objects, its order, the columns `?q=` searches and the columns its filters compare.
 * The list names the column its scope compares; the scope's id (a company, an endpoint) and
 * any further restriction (a role's ticket visibility) are given per request, so one
 * definition serves every door and no caller repeats the scope in its `where`.
 */
export interface PagedList<T, F extends string = never> {
  /** Binds cursors to this list: a cursor of another list is refused. */
  name: string;
  /** The `from` clause with its joins; every column below may come from it. */
  from: SQL;
  /**
   * Whose rows these are: the column naming a row's owner (its company, a webhook endpoint),
   * compared by `readPage` with the request's scope id; or `staff`, a list of the whole
   * workspace read only in the `staff` scope.
   */
  scope: SQLWrapper | 'staff';
  /** Every key of `T` and its expression; built per scope (links hold the company id). */
  row: (scopeId: string) => { [K in keyof Required<T>]: SQLWrapper };
  order: readonly SortKey[];
  /**
   * The text `?q=` matches (case-insensitive substring, `%`, `_` and `\\` literal): one
   * expression, `searchText(...)`, the same one the list's trigram index is built on; or
   * several, any of which may match (a staff list searching a joined company's name too).
   */
  search: SQLWrapper | readonly SQLWrapper[];
  filters: { readonly [K in F]: SQLWrapper };
  /** An optional field left out of the JSON, rather than null, when it has no value. */
  omitNull?: keyof T & string;
  /**
   * `search` is one expression with a trigram index (`searchIndex` in the schema): a searched
   * read then keeps the planner off the sequential scan. It prices `ilike` per row far below
   * its cost and estimates 2 matches where there are 200, so on 20,000 projects it scanned
   * them all (56 ms) rather than ask the index (5 ms). See docs/decisions/038. Only for `q` of
   * 3 or more characters: a shorter one holds no trigram, and the index would be read whole.
   */
  searchIndexed?: true;
  /**
   * Every table `from` and the callers' `where` read names its company on `company_changed`
   * (migrations 0008 and 0025): an unsearched total of one company's rows is then counted
   * once per change and kept (`ListCaches`), so a page costs its rows, not a count of the
   * whole history (100,000 invoices: docs/decisions/029, addendum).
   */
  totalsNotified?: true;
  /**
   * Beyond `totalsNotified`, every table `row` reads names its company too (migration 0056:
   * invoice lines, payments and credit notes, ticket replies, an assignee's name): an
   * unsearched first page is then read once per change and kept whole (`firstPages`,
   * docs/decisions/080), as the dashboard is.
   */
  pagesNotified?: true;
}

/** Values kept per company between change notices (the app's `CompanyCache`s). */
export interface KeptValues<V> {
  peek(companyId: string, key: string): V | undefined;
  mark(): number;
  keep(companyId: string, key: string, value: V, mark: number): void;
}

/** Where a list's totals and first pages are kept (the app's `listTotals` and `firstPages`). */
export interface ListCaches {
  totals?: KeptValues<number>;
  firstPages?: KeptValues<Page<unknown>>;
}

/** A first page larger than this is read each time rather than kept (memory bound). */
export const KEPT_PAGE_MAX_CHARS = 64 * 1024;

export interface PageRequest<F extends string> {
  /** Whose rows are read, and what the cursor is bound to: the company id, or `staff`. */
  scopeId: string;
  /** Any further restriction within the scope (a role's visibility, open mails only). */
  where?: SQL | undefined;
  query: PageQuery & { [K in F]?: string | undefined };
}

export interface Page<T> {
  json: JsonText<T[]>;
  total: number;
  /** The cursor of the next page, or null on the last page. */
  next: string | null;
}

/** A `LIKE` pattern matching `text` literally anywhere (backslash is PostgreSQL's default escape). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const b64 = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

/** Signs and reads cursors: a cursor is only valid for the list and scope it was made for. */
export class CursorSigner {
  constructor(private readonly key: string) {}

  private mac(list: string, scopeId: string, payload: string) {
    return createHmac('sha256', this.key)
      .update(`${list}\n${scopeId}\n${payload}`)
      .digest()
      .subarray(0, 16);
  }

  sign(list: string, scopeId: string, keys: string[]) {
    const payload = b64(JSON.stringify(keys));
    return `${payload}.${this.mac(list, scopeId, payload).toString('base64url')}`;
  }

  /** The keys in a cursor; a 400 when it was altered or made for another list or company. */
  read(list: string, scopeId: string, cursor: string, count: number): string[] {
    const [payload, mac, extra] = cursor.split('.');
    if (!payload || !mac || extra !== undefined) throw badRequest(BAD_CURSOR);
    const given = Buffer.from(mac, 'base64url');
    const expected = this.mac(list, scopeId, payload);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw badRequest(BAD_CURSOR);
    }
    const keys: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    if (
      !Array.isArray(keys) ||
      keys.length !== count ||
      !keys.every((k): k is string => typeof k === 'string')
    ) {
      throw badRequest(BAD_CURSOR);
    }
    return keys;
  }
}

const orderBy = (order: readonly SortKey[]) =>
  sql.join(
    order.map((k) => (k.desc ? sql`${k.expr} desc` : sql`${k.expr} asc`)),
    sql`, `,
  );

/** Rows after the cursor's row in the list's order (keyset): index-friendly at any depth. */
function after(order: readonly SortKey[], keys: string[]): SQL {
  const values = order.map((k, i) => sql`${keys[i]}::${sql.raw(k.type)}`);
  const first = order[0]!;
  if (order.every((k) => !!k.desc === !!first.desc)) {
    const cols = sql.join(
      order.map((k) => sql`${k.expr}`),
      sql`, `,
    );
    return sql`(${cols}) ${sql.raw(first.desc ? '<' : '>')} (${sql.join(values, sql`, `)})`;
  }
  // Mixed directions: (a < x) or (a = x and b > y) or ..., led by a bound on the first key.
  const branches = order.map((k, i) => {
    const equal = order.slice(0, i).map((e, j) => sql`${e.expr} = ${values[j]}`);
    return sql.join(
      [...equal, sql`${k.expr} ${sql.raw(k.desc ? '<' : '>')} ${values[i]}`],
      sql` and `,
    );
  });
  return sql`${first.expr} ${sql.raw(first.desc ? '<=' : '>=')} ${values[0]} and (${sql.join(branches, sql` or `)})`;
}

/** The rows of the request's scope; a list read in a scope it does not have is a wiring bug. */
function inScope<T, F extends string>(list: PagedList<T, F>, scopeId: string) {
  if ((list.scope === 'staff') !== (scopeId === 'staff')) {
    throw new Error(`The list ${list.name} was read in the scope ${scopeId}`);
  }
  return list.scope === 'staff' ? undefined : sql`${list.scope} = ${scopeId}`;
}

/** The `where` of the rows matching the request, cursor aside (shared by the page and its count). */
function matching<T, F extends string>(list: PagedList<T, F>, request: PageRequest<F>) {
  const q = request.query.q?.trim();
  const searched = Array.isArray(list.search) ? list.search : [list.search as SQLWrapper];
  const search = q
    ? sql`(${sql.join(
        searched.map((c) => sql`${c} ilike ${containsPattern(q)}`),
        sql` or `,
      )})`
    : undefined;
  const filters = (Object.keys(list.filters) as F[]).flatMap((name) => {
    const value = request.query[name];
    return value === undefined ? [] : [sql`${list.filters[name]} = ${value}`];
  });
  return and(inScope(list, request.scopeId), request.where, search, ...filters);
}

function rowObject(fields: Record<string, SQLWrapper>) {
  const pairs = Object.entries(fields).map(([key, value]) => sql`${key}::text, ${value}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * One page of a list, its total and the next page's cursor, in one statement: the page
 * reads `limit + 1` rows in list order after the cursor (the extra row says whether there
 * is a next page), the JSON array is built by the database (docs/decisions/014), and the
 * count runs over the same `where` without the cursor. An unsearched first page of a list
 * whose every table sends change notices is kept whole until its company changes (ADR 080).
 */
export async function readPage<T, F extends string>(
  db: Db | Tx,
  signer: CursorSigner,
  list: PagedList<T, F>,
  request: PageRequest<F>,
  caches: ListCaches = {},
): Promise<Page<T>> {
  const where = matching(list, request);
  const searched = !!request.query.q?.trim();
  // The staff scope spans every company; a searched total may match a joined table's text.
  const keepable = !!list.totalsNotified && request.scopeId !== 'staff' && !searched;
  const key = keepable ? totalKey(list.name, where) : '';
  const pages =
    keepable && list.pagesNotified && !request.query.cursor ? caches.firstPages : undefined;
  // A list's rows differ by more than its name (online payment links): its object keys them.
  const pageKey = pages ? `${listId(list)}\n${request.query.limit}\n${key}` : '';
  const keptPage = pages?.peek(request.scopeId, pageKey);
  if (keptPage) return keptPage as Page<T>;
  const pageMark = pages?.mark() ?? 0;
  const totals = keepable ? caches.totals : undefined;
  const known = totals?.peek(request.scopeId, key);
  const mark = totals?.mark() ?? 0;
  const page = await readRows(db, signer, list, request, where, known === undefined);
  const total = known ?? page.total;
  if (totals && known === undefined) totals.keep(request.scopeId, key, total, mark);
  const answer = { ...page, total };
  if (pages && answer.json.length <= KEPT_PAGE_MAX_CHARS) {
    pages.keep(request.scopeId, pageKey, answer, pageMark);
  }
  return answer;
}

/** The page's statement: its rows, the next cursor and, when `count`, the total. */
async function readRows<T, F extends string>(
  db: Db | Tx,
  signer: CursorSigner,
  list: PagedList<T, F>,
  request: PageRequest<F>,
  where: SQL | undefined,
  count: boolean,
): Promise<Page<T>> {
  const { limit, cursor } = request.query;
  const keys = cursor
    ? signer.read(list.name, request.scopeId, cursor, list.order.length)
    : undefined;
  const pageWhere = keys ? and(where, after(list.order, keys)) : where;
  const keyText = sql.join(
    list.order.map((k) => sql`(${k.expr})::text`),
    sql`, `,
  );
  let item = sql`${rowObject(list.row(request.scopeId))}::text`;
  // json_build_object writes `"key" : value`; a quote inside a string is always escaped.
  if (list.omitNull) item = sql`replace(${item}, ${`, "${list.omitNull}" : null`}, '')`;
  const statement = sql`
    select
      ${count ? sql`(select count(*)::int from ${list.from} where ${where ?? sql`true`})` : sql`null::int`} as total,
      coalesce('[' || string_agg(p.j, ',' order by p.n) filter (where p.n <= ${limit}) || ']', '[]') as json,
      max(p.k) filter (where p.n = ${limit}) as last,
      count(*) > ${limit} as more
    from (
      select row_number() over () as n, s.j, s.k from (
        select ${item} as j, json_build_array(${keyText})::text as k
        from ${list.from}
        where ${pageWhere ?? sql`true`}
        order by ${orderBy(list.order)}
        limit ${limit + 1}
      ) s
    ) p`;
  type Row = { total: number; json: string; last: string | null; more: boolean };
  const run = async (runner: Db | Tx) =>
    (await runner.execute(statement)) as unknown as { rows: Row[] };
  const result =
    list.searchIndexed && (request.query.q?.trim().length ?? 0) >= 3
      ? await db.transaction(async (tx) => {
          // `set local`: for this statement's transaction only, never the pooled connection.
          await tx.execute(sql`set local enable_seqscan = off`);
          return run(tx);
        })
      : await run(db);
  const row = result.rows[0]!;
  const next =
    row.more && row.last
      ? signer.sign(list.name, request.scopeId, JSON.parse(row.last) as string[])
      : null;
  return { json: row.json as JsonText<T[]>, total: Number(row.total), next };
}

const listIds = new WeakMap<object, number>();
let lastListId = 0;
/** A number per list definition, for cache keys. */
function listId(list: object): number {
  let id = listIds.get(list);
  if (id === undefined) {
    id = ++lastListId;
    listIds.set(list, id);
  }
  return id;
}

const dialect = new PgDialect();

/** A total's key: the list and its count's `where` as the database receives it. */
function totalKey(list: string, where: SQL | undefined) {
  const { sql: text, params } = dialect.sqlToQuery(where ?? sql`true`);
  return `${list}\n${text}\n${JSON.stringify(params)}`;
}
