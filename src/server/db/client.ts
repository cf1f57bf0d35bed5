import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { packageRoot } from '../lib/package-root.ts';
import { listenPostgres, type ChannelEvents } from './pg-listener.ts';
import { takeTurns } from './pglite-turns.ts';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One query surface for both drivers: routes never know which one runs. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Rows of a raw SQL query; both drivers answer `{ rows }`. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
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
  close(): Promise<void>;
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

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
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
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      listeners.clear();
      if (!pool.ended) await pool.end();
    },
  };
}

async function openPglite(dir: string): Promise<Database> {
  await fs.mkdir(dir, { recursive: true });
  const client = await PGlite.create(dir);
  takeTurns(client);
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
      const unlisten = await client.listen(channel, () => events.notify());
      events.listening(true);
      return async () => {
        events.listening(false);
        if (!closed) await unlisten();
      };
    },
    close: async () => {
      if (closed) return;
      closed = true;
      await client.close();
    },
  };
}
