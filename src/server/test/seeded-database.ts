// A database of its own on a PostgreSQL server, as a deployment of several app servers has one:
// made, migrated and given the demo data (the two-instance test, the cluster of ADR 077).
import { openDatabase } from '../db/client.ts';
import { seedDemoData } from '../seed/demo.ts';
import type { FileStorage } from '../services/storage.ts';
import { withAdmin, withDatabase } from './template.ts';

/**
 * `name` on the server of `adminUrl` (a role that may create databases), migrated and seeded,
 * the seed's files in `storage` (unset: under `dataDir`). `drop()` closes it and removes it,
 * even while app servers still hold connections.
 */
export async function createSeededDatabase(
  adminUrl: string,
  name: string,
  { dataDir, storage }: { dataDir: string; storage?: FileStorage },
) {
  await withAdmin(adminUrl, (c) => c.query(`create database ${name}`));
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url, dataDir });
  const drop = async () => {
    await database.close();
    await withAdmin(adminUrl, (c) => c.query(`drop database if exists ${name} with (force)`));
  };
  try {
    await database.migrate();
    await seedDemoData(database.db, { dataDir, storage });
  } catch (err) {
    await drop();
    throw err;
  }
  return { url, database, drop };
}
