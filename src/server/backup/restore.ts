import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { bucketUrl, type Config, type StorageConfig } from '../config.ts';
import { isNewPgliteDir, openDatabase, openPgliteClient, type Db } from '../db/client.ts';
import { knownMigrations, migrationLevel, type MigrationLevel } from '../db/migration-level.ts';
import { lockPgliteDir } from '../db/pglite-lock.ts';
import { readArchive } from './archive.ts';
import { BackupError, type Manifest } from './manifest.ts';
import { inspectPostgres, redactUrl, restorePostgres } from './postgres-tools.ts';
import { storedFileKeys } from './stored-files.ts';

type Target = Pick<Config, 'dataDir' | 'databaseUrl'> & { storage?: StorageConfig };

export type RestoreResult = { manifest: Manifest; into: string; files: number };

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/** The backup must suit this configuration and this version of the code. */
function checkFits(manifest: Manifest, target: Target): void {
  const { kind, migrations } = manifest.database;
  if (kind === 'pglite' && target.databaseUrl) {
    throw new BackupError(
      'This backup holds an embedded (PGlite) database: unset DATABASE_URL to restore it into DATA_DIR.',
    );
  }
  if (kind === 'postgres' && !target.databaseUrl) {
    throw new BackupError(
      'This backup holds a PostgreSQL database: set DATABASE_URL to the (empty) database to restore it into.',
    );
  }
  // The files half must land where the server will read it (ADR 076).
  const bucket = target.storage?.kind === 's3' ? bucketUrl(target.storage) : undefined;
  if (manifest.bucket && manifest.bucket !== bucket) {
    throw new BackupError(
      `This backup's files are in the bucket ${manifest.bucket}, not in the backup: set STORAGE_URL to it (restored to this backup's time from its versions, README) and restore again.`,
    );
  }
  const files = manifest.parts.length - 1;
  if (bucket && files > 0) {
    throw new BackupError(
      `This backup holds ${plural(files, 'stored file')} and STORAGE_URL names a bucket: restore it with STORAGE_URL unset, then move the files with npm run storage:copy -- --to ${bucket}.`,
    );
  }
  const known = knownMigrations();
  if (migrations.latestWhen !== null && !known.some((m) => m.when === migrations.latestWhen)) {
    throw new BackupError(
      `This backup was made by version ${manifest.app.version} at a migration this version does not ` +
        `know (${migrations.applied} applied); restore it with that version or a newer one.`,
    );
  }
}

function checkLevel(restored: MigrationLevel, manifest: Manifest): void {
  const { applied, latestWhen } = manifest.database.migrations;
  if (restored.applied !== applied || restored.latestWhen !== latestWhen) {
    throw new BackupError(
      'The restored database is not at the migration level its manifest names.',
    );
  }
}

async function refuseUnlessForced(force: boolean, held: string[], where: string): Promise<void> {
  if (held.length === 0 || force) return;
  throw new BackupError(
    `${where} already holds ${held.join(' and ')}. db:restore fills an empty one only; ` +
      'add --force to replace them with the backup.',
  );
}

/** Puts the unpacked files in place of `DATA_DIR/files` (the database is already restored). */
async function swapFiles(staging: string, dataDir: string): Promise<number> {
  const target = path.join(dataDir, 'files');
  const unpacked = path.join(staging, 'files');
  await fs.rm(target, { recursive: true, force: true });
  await fs.mkdir(unpacked, { recursive: true });
  await fs.rename(unpacked, target);
  return (await storedFileKeys(target)).length;
}

async function restoreIntoPglite(
  manifest: Manifest,
  staging: string,
  dataDir: string,
  force: boolean,
): Promise<number> {
  const dir = path.join(dataDir, 'pglite');
  // Held to the end: a server starting meanwhile is refused, and one running refuses this.
  const unlock = await lockPgliteDir(dir);
  try {
    const held: string[] = [];
    if (!(await isNewPgliteDir(dataDir))) held.push('an embedded database');
    const files = (await storedFileKeys(path.join(dataDir, 'files'))).length;
    if (files > 0) held.push(plural(files, 'stored file'));
    await refuseUnlessForced(force, held, dataDir);

    const loaded = path.join(staging, 'pglite');
    const tarball = await openAsBlob(path.join(staging, manifest.database.dump));
    const { client, close } = await openPgliteClient(loaded, { loadDataDir: tarball });
    try {
      checkLevel(await migrationLevel(drizzlePglite(client) as unknown as Db), manifest);
    } finally {
      await close();
    }
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rename(loaded, dir);
    return await swapFiles(staging, dataDir);
  } finally {
    await unlock();
  }
}

async function restoreIntoPostgres(
  manifest: Manifest,
  staging: string,
  target: Target & { databaseUrl: string },
  force: boolean,
): Promise<number> {
  const url = target.databaseUrl;
  const server = await inspectPostgres(url);
  if (server.otherSessions > 0) {
    throw new BackupError(
      `${plural(server.otherSessions, 'other session')} ${server.otherSessions === 1 ? 'is' : 'are'} ` +
        `connected to ${redactUrl(url)}: stop the app servers before restoring.`,
    );
  }
  const held: string[] = [];
  if (server.objects > 0) held.push('tables of the app');
  const files = (await storedFileKeys(path.join(target.dataDir, 'files'))).length;
  if (files > 0) held.push(`${plural(files, 'stored file')} in ${target.dataDir}`);
  await refuseUnlessForced(force, held, redactUrl(url));

  await restorePostgres(
    url,
    server.major,
    path.join(staging, manifest.database.dump),
    server.objects > 0,
  );
  const database = await openDatabase({ databaseUrl: url, dataDir: target.dataDir });
  try {
    checkLevel(await migrationLevel(database.db), manifest);
  } finally {
    await database.close();
  }
  return swapFiles(staging, target.dataDir);
}

/**
 * `npm run db:restore FILE [--force]`: proves the whole backup against its manifest first
 * (unpacked beside DATA_DIR's contents), then fills the empty database and file store, or
 * with `force` replaces what is there. A refusal or a failure before the swap changes nothing.
 */
export async function restoreBackup(
  target: Target,
  file: string,
  { force = false }: { force?: boolean } = {},
): Promise<RestoreResult> {
  if (
    !(await fs.stat(file).then(
      (s) => s.isFile(),
      () => false,
    ))
  ) {
    throw new BackupError(`No backup file at ${file}.`);
  }
  await fs.mkdir(target.dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(target.dataDir, '.restore-'));
  try {
    const manifest = await readArchive(file, staging);
    checkFits(manifest, target);
    const files = target.databaseUrl
      ? await restoreIntoPostgres(
          manifest,
          staging,
          { ...target, databaseUrl: target.databaseUrl },
          force,
        )
      : await restoreIntoPglite(manifest, staging, target.dataDir, force);
    const into = target.databaseUrl ? redactUrl(target.databaseUrl) : target.dataDir;
    return { manifest, into, files };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
