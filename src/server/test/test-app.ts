import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppOptions } from '../app.ts';
import { loadConfig, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/client.ts';
import { PG_TEMPLATE_DB, TEMPLATE_DIR, TMP_ROOT, withAdmin, withDatabase } from './template.ts';

export type TestDatabase = {
  database: Database;
  dataDir: string;
  databaseUrl?: string;
  /** Closes and deletes the copy. */
  destroy(): Promise<void>;
};

/** Why the running test file may not open a database copy, if it may not (database-guard.ts). */
let refusal: string | undefined;
export function refuseTestDatabases(reason: string | undefined): void {
  refusal = reason;
}

/**
 * A private copy of the seeded template: PGlite by default, PostgreSQL when
 * DATABASE_URL is set (a new database created from the template database).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (refusal) throw new Error(refusal);
  const id = `t${process.pid}_${randomBytes(4).toString('hex')}`;
  const dataDir = path.join(TMP_ROOT, 'test-runs', id);
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  await fs.cp(TEMPLATE_DIR, dataDir, { recursive: true });
  const adminUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  if (adminUrl) {
    await withAdmin(adminUrl, (c) => c.query(`create database ${id} template ${PG_TEMPLATE_DB}`));
    databaseUrl = withDatabase(adminUrl, id);
  }
  const database = await openDatabase({ databaseUrl, dataDir });
  return {
    database,
    dataDir,
    databaseUrl,
    destroy: async () => {
      await database.close();
      if (adminUrl) {
        await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${id} with (force)`));
      }
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * With STORAGE_URL set, the storage variables of the environment carry over: any suite then
 * runs against that bucket (README, Testing). Unset, files stay under the copy's DATA_DIR.
 */
function storageEnv(): Record<string, string | undefined> {
  if (!process.env.STORAGE_URL) return {};
  const names = [
    'STORAGE_URL',
    'S3_ENDPOINT',
    'S3_FORCE_PATH_STYLE',
    'AWS_REGION',
    'AWS_ACCESS_KEY_ID',
    'AWS_SECRET_ACCESS_KEY',
  ];
  return Object.fromEntries(names.map((name) => [name, process.env[name]]));
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_URL: 'http://localhost:3000',
      ...storageEnv(),
    }),
    clientDir: undefined,
    ...overrides,
  };
}

export type TestApp = {
  app: FastifyInstance;
  config: Config;
  db: TestDatabase;
  close(): Promise<void>;
};

/** A fully built app on a private database copy, for `app.inject()` tests. */
export async function createTestApp(
  overrides: Partial<Config> = {},
  appOptions: Omit<AppOptions, 'database'> = {},
): Promise<TestApp> {
  const db = await createTestDatabase();
  const config = testConfig(db.dataDir, { databaseUrl: db.databaseUrl, ...overrides });
  const app = await buildApp(config, { mailWorker: false, ...appOptions, database: db.database });
  await app.ready();
  return {
    app,
    config,
    db,
    close: async () => {
      await app.close();
      await db.destroy();
    },
  };
}
