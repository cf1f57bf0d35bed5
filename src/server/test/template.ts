import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { isNewPgliteDir, openDatabase } from '../db/client.ts';
import { seedDemoData } from '../seed/demo.ts';

const checkoutId = createHash('sha256').update(path.resolve('.tmp')).digest('hex').slice(0, 8);

/**
 * Where tests keep their databases and files: in memory (tmpfs) where the machine has one, since
 * every server test file copies the 40 MB template (about 0.2 s there, 0.5-1.5 s on disk);
 * otherwise `.tmp`. One folder per checkout, so two checkouts can run their suites side by side.
 */
export const TMP_IN_MEMORY = writable('/dev/shm');
export const TMP_ROOT = TMP_IN_MEMORY
  ? path.join('/dev/shm', `meridian-test-${checkoutId}`)
  : path.resolve('.tmp');

function writable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
/** Test databases are copies of one migrated, seeded template made once per run. */
export const TEMPLATE_DIR = path.join(TMP_ROOT, 'test-template');
export const PG_TEMPLATE_DB = `app_test_template_${checkoutId}`;

export async function createPgliteTemplate(): Promise<void> {
  await fs.promises.rm(TEMPLATE_DIR, { recursive: true, force: true });
  await fs.promises.mkdir(TEMPLATE_DIR, { recursive: true });
  const database = await openDatabase({ dataDir: TEMPLATE_DIR });
  try {
    await database.migrate();
    await seedDemoData(database.db, { dataDir: TEMPLATE_DIR });
  } finally {
    await database.close();
  }
}

/**
 * A migrated embedded database under `dataDir` that no process keeps open, for tests of
 * PGlite itself even when the suite runs on PostgreSQL: the seeded template's copy when
 * the suite runs on PGlite, otherwise a new one (slow: about 4 s).
 */
export async function pgliteCopy(dataDir: string): Promise<void> {
  if (!(await isNewPgliteDir(TEMPLATE_DIR))) {
    await fs.promises.cp(path.join(TEMPLATE_DIR, 'pglite'), path.join(dataDir, 'pglite'), {
      recursive: true,
    });
    return;
  }
  const setup = await openDatabase({ dataDir });
  await setup.migrate();
  await setup.close();
}

/** Builds the PostgreSQL template database (and its seed files under TEMPLATE_DIR). */
export async function createPostgresTemplate(databaseUrl: string): Promise<void> {
  await fs.promises.rm(TEMPLATE_DIR, { recursive: true, force: true });
  await fs.promises.mkdir(TEMPLATE_DIR, { recursive: true });
  await withAdmin(databaseUrl, async (admin) => {
    await admin.query(`drop database if exists ${PG_TEMPLATE_DB} with (force)`);
    await admin.query(`create database ${PG_TEMPLATE_DB}`);
  });
  const database = await openDatabase({
    databaseUrl: withDatabase(databaseUrl, PG_TEMPLATE_DB),
    dataDir: TEMPLATE_DIR,
  });
  try {
    await database.migrate();
    await seedDemoData(database.db, { dataDir: TEMPLATE_DIR });
  } finally {
    await database.close();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function withAdmin<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
