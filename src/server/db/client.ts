import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { packageRoot } from '../lib/package-root.ts';
import { listenPostgres, type ChannelEvents } from './pg-listener.ts';
import { lockPgliteDir } from './pglite-lock.ts';
import { takeTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * One query surface for both drivers: routes never know which one runs. Drizzle types each
 * driver's database by its own query-result type, so each driver's database is cast to this
 * one once where it is opened (here, and in backup and restore); both answer `{ rows }`.
 */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Db | Tx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  migrate(): Promise<void>;
  /**
   * Notices on `channel` (pg_notify) from any connection and any app server, until the
   * returned function is called or the database is closed.
   */
  listen(channel: string, events: ChannelEvents): Promise<() => Promise<void>>;
  /**
   * Runs `work` unless another app server is running work under the same lock right now
   * (a PostgreSQL advisory try-lock, held on a connection of its own until `work` ends);
   * undefined when it was skipped. PGlite: one process owns the database, so `work` runs.
   */
  exclusive<T>(lockId: number, work: () => Promise<T>): Promise<T | undefined>;
  /** How the connections are used right now (metrics). */
  connections(): ConnectionUse;
  close(): Promise<void>;
};

export type ConnectionUse = {
  /** Most connections this process opens. */
  max: number;
  open: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
};

export const migrationsFolder = path.join(packageRoot, 'drizzle');

/** Arbitrary constant for pg_advisory_lock: several app servers may start at once. */
const MIGRATION_LOCK_ID = 727_001;

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl);
  return openPglite(path.join(opts.dataDir, 'pglite'));
}

/** True when the embedded database directory has not been created yet. */
export async function isNewPgliteDir(dataDir: string): Promise<boolean> {
  try {
    await fs.access(path.join(dataDir, 'pglite', 'PG_VERSION'));
    return false;
  } catch {
    return true;
  }
}

const POOL_MAX = 10;

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_MAX,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
  });
  // A dropped connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: 'postgres',
    ping: async () => {
      await pool.query('select 1');
    },
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_ID]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_ID]).catch(() => {});
        client.release();
      }
    },
    listen: async (channel, events) => {
      const listener = listenPostgres(url, channel, events);
      listeners.add(listener.stop);
      await listener.start();
      return async () => {
        listeners.delete(listener.stop);
        await listener.stop();
      };
    },
    exclusive: async (lockId, work) => {
      const client = await pool.connect();
      let broken = false;
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [lockId],
        );
        if (!rows[0]?.locked) return undefined;
        try {
          return await work();
        } finally {
          // A connection that cannot unlock is closed instead: its session's locks end with it.
          await client.query('select pg_advisory_unlock($1)', [lockId]).catch(() => {
            broken = true;
          });
        }
      } finally {
        client.release(broken);
      }
    },
    connections: () => ({
      max: POOL_MAX,
      open: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      if (!pool.ended) await pool.end();
    },
  };
}

/**
 * PGlite's own client on the data directory `dir`, locked to this process until `close`
 * (db/pglite-lock.ts). `loadDataDir` fills a new directory from a `dumpDataDir` tarball.
 */
export async function openPgliteClient(
  dir: string,
  options: Pick<PGliteOptions, 'loadDataDir'> = {},
): Promise<{ client: PGlite; close(): Promise<void> }> {
  await fs.mkdir(dir, { recursive: true });
  const unlock = await lockPgliteDir(dir);
  // pg_trgm: the search indexes' operator class (migration 0007); btree_gist: the recurring
  // runs' exclusion constraint (migration 0044); as on PostgreSQL.
  const client = await PGlite.create(dir, {
    ...options,
    extensions: { pg_trgm, btree_gist },
  }).catch(async (err: unknown) => {
    await unlock();
    throw err;
  });
  let closed = false;
  return {
    client,
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
      await unlock();
    },
  };
}

async function openPglite(dir: string): Promise<Database> {
  const { client, close } = await openPgliteClient(dir);
  const turns = takeTurns(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  let closed = false;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      if (closed) throw new Error('database is closed');
      // The simple protocol, without the ORM: the cheapest round trip PGlite has.
      await client.exec('select 1');
    },
    migrate: async () => {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    // One process owns the embedded database, so notices cannot be missed while it is open.
    listen: async (channel, events) => {
      const unlisten = await client.listen(channel, (payload) => events.notify(payload));
      events.listening(true);
      return async () => {
        events.listening(false);
        if (!closed) await unlisten();
      };
    },
    exclusive: (_lockId, work) => work(),
    // One connection, used by one statement at a time; the others wait for their turn.
    connections: () => ({ max: 1, open: 1, idle: turns.busy() ? 0 : 1, waiting: turns.waiting() }),
    close: async () => {
      closed = true;
      await close();
    },
  };
}
