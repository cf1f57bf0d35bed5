import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { bucketUrl, type Config, type StorageConfig } from '../config.ts';
import { isNewPgliteDir, openDatabase, openPgliteClient, type Db } from '../db/client.ts';
import { migrationLevel, type MigrationLevel } from '../db/migration-level.ts';
import { digestFile, writeArchive } from './archive.ts';
import { appIdentity } from '../lib/app-identity.ts';
import { BackupError, FORMAT, type Manifest, type Part } from './manifest.ts';
import { dumpPostgres, inspectPostgres } from './postgres-tools.ts';
import { storedFileKeys } from './stored-files.ts';

export const PGLITE_DUMP = 'database/pglite-datadir.tar.gz';
export const POSTGRES_DUMP = 'database/postgres.dump';

type DatabaseDump = Pick<Manifest['database'], 'kind' | 'engine' | 'dump'> & {
  migrations: MigrationLevel;
  file: string;
};

/**
 * The embedded database as PGlite's data-directory tarball, after a checkpoint. It opens the
 * database, so it refuses while the server has it open (db/pglite-lock.ts).
 */
async function dumpPglite(dataDir: string, staging: string): Promise<DatabaseDump> {
  if (await isNewPgliteDir(dataDir)) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} to back up (for PostgreSQL, set DATABASE_URL).`,
    );
  }
  const { client, close } = await openPgliteClient(path.join(dataDir, 'pglite'));
  try {
    const migrations = await migrationLevel(drizzlePglite(client) as unknown as Db);
    const { rows } = await client.query<{ v: string }>(
      `select current_setting('server_version') as v`,
    );
    await client.exec('checkpoint');
    const tarball = await client.dumpDataDir('gzip');
    const file = path.join(staging, 'pglite.tar.gz');
    await pipeline(
      Readable.fromWeb(tarball.stream() as WebReadableStream),
      createWriteStream(file, { mode: 0o600 }),
    );
    return {
      kind: 'pglite',
      engine: `PGlite (PostgreSQL ${rows[0]?.v ?? 'unknown'})`,
      dump: PGLITE_DUMP,
      migrations,
      file,
    };
  } finally {
    await close();
  }
}

async function dumpPostgresDb(
  url: string,
  dataDir: string,
  staging: string,
): Promise<DatabaseDump> {
  const server = await inspectPostgres(url);
  const database = await openDatabase({ databaseUrl: url, dataDir });
  let migrations: MigrationLevel;
  try {
    migrations = await migrationLevel(database.db);
  } finally {
    await database.close();
  }
  const file = path.join(staging, 'postgres.dump');
  const tool = await dumpPostgres(url, server.major, file);
  return {
    kind: 'postgres',
    engine: `PostgreSQL ${server.version} (${tool})`,
    dump: POSTGRES_DUMP,
    migrations,
    file,
  };
}

/** `out` names the file when it ends in `.tar`, otherwise the folder to write it in. */
async function targetFile(out: string, createdAt: string, kind: string): Promise<string> {
  const stamp = createdAt.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-');
  const file = out.endsWith('.tar')
    ? path.resolve(out)
    : path.resolve(out, `backup-${stamp}-${kind}.tar`);
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  if (
    await fs.stat(file).then(
      () => true,
      () => false,
    )
  ) {
    throw new BackupError(`${file} exists already; a backup never overwrites a file.`);
  }
  return file;
}

export type BackupResult = { file: string; bytes: number; manifest: Manifest };

/**
 * `npm run db:backup`: one tar file with a manifest, the database dump and every stored file.
 * The database is dumped first, then the files are read: a file deleted in between is the
 * only way a backup can miss something its database refers to.
 */
export async function createBackup(
  config: Pick<Config, 'dataDir' | 'databaseUrl'> & { storage?: StorageConfig },
  out = 'backups',
): Promise<BackupResult> {
  const createdAt = new Date().toISOString();
  const file = await targetFile(out, createdAt, config.databaseUrl ? 'postgres' : 'pglite');
  const staging = await fs.mkdtemp(path.join(path.dirname(file), '.backup-'));
  try {
    const db = config.databaseUrl
      ? await dumpPostgresDb(config.databaseUrl, config.dataDir, staging)
      : await dumpPglite(config.dataDir, staging);
    const filesRoot = path.join(config.dataDir, 'files');
    const sources = new Map<string, string>([[db.dump, db.file]]);
    // Files in a bucket stay there: its versioning is their backup (ADR 076).
    const bucket = config.storage?.kind === 's3' ? bucketUrl(config.storage) : undefined;
    for (const key of bucket ? [] : await storedFileKeys(filesRoot)) {
      sources.set(`files/${key}`, path.join(filesRoot, key));
    }
    const parts: Part[] = [];
    for (const [name, source] of sources) parts.push({ path: name, ...(await digestFile(source)) });
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: 1,
      app: appIdentity(),
      createdAt,
      database: { kind: db.kind, engine: db.engine, dump: db.dump, migrations: db.migrations },
      bucket,
      parts,
    };
    await writeArchive(file, manifest, sources);
    return { file, bytes: (await fs.stat(file)).size, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
