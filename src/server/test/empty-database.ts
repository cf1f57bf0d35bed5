import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../db/client.ts';
import { withAdmin, withDatabase } from './template.ts';

/** An empty database of the configured kind: a new PGlite directory, or a new PostgreSQL database. */
export async function emptyDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'empty-db-'));
  const admin = process.env.DATABASE_URL;
  const name = `empty_${process.pid}_${Date.now()}`;
  if (admin) await withAdmin(admin, (c) => c.query(`create database ${name}`));
  const database = await openDatabase({
    databaseUrl: admin ? withDatabase(admin, name) : undefined,
    dataDir,
  });
  return {
    database,
    drop: async () => {
      await database.close();
      if (admin) await withAdmin(admin, (c) => c.query(`drop database ${name} with (force)`));
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
