import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import tar from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, selectRows, type Db } from '../db/client.ts';
import { knownMigrations } from '../db/migration-level.ts';
import { DatabaseInUseError } from '../db/pglite-lock.ts';
import type { StorageConfig } from '../config.ts';
import { contactMessages } from '../db/schema.ts';
import { FsStorage } from '../services/storage.ts';
import { TMP_ROOT, pgliteCopy, withAdmin, withDatabase } from '../test/template.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { readArchive, writeArchive } from './archive.ts';
import { createBackup } from './backup.ts';
import type { BackupError } from './manifest.ts';
import { findTool } from './postgres-tools.ts';
import { restoreBackup } from './restore.ts';

/** Runs `npm run db:backup` / `db:restore` as an operator would, with this environment. */
function cli(tool: 'backup-cli' | 'restore-cli', args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['scripts/server-cli.mjs', `backup/${tool}`, ...args], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.on('close', (code) => resolve({ code, output })),
  );
}

/** Every row of every table of the app and of drizzle's bookkeeping, and every sequence. */
async function contents(db: Db) {
  const tables = await selectRows<{ schema: string; name: string }>(
    db,
    sql`select table_schema as schema, table_name as name from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2`,
  );
  const rows: Record<string, string[]> = {};
  for (const t of tables) {
    const all = await selectRows<unknown>(db, sql.raw(`select * from "${t.schema}"."${t.name}"`));
    rows[`${t.schema}.${t.name}`] = all.map((r) => JSON.stringify(r)).sort();
  }
  const sequences = await selectRows<{ schema: string; name: string }>(
    db,
    sql`select sequence_schema as schema, sequence_name as name from information_schema.sequences
        where sequence_schema in ('public', 'drizzle') order by 1, 2`,
  );
  const positions: Record<string, unknown> = {};
  for (const s of sequences) {
    [positions[`${s.schema}.${s.name}`]] = await selectRows(
      db,
      sql.raw(`select last_value::text, is_called from "${s.schema}"."${s.name}"`),
    );
  }
  return { rows, positions };
}

/** Every stored file's key and sha256. */
async function files(dataDir: string): Promise<Record<string, string>> {
  const root = path.join(dataDir, 'files');
  const found: Record<string, string> = {};
  for (const name of await fs.readdir(root, { recursive: true })) {
    const file = path.join(root, name);
    if ((await fs.stat(file)).isFile()) {
      found[name] = createHash('sha256')
        .update(await fs.readFile(file))
        .digest('hex');
    }
  }
  return found;
}

async function contentsOf(target: { dataDir: string; databaseUrl?: string }) {
  const database = await openDatabase(target);
  try {
    return await contents(database.db);
  } finally {
    await database.close();
  }
}

const onPostgres = !!process.env.DATABASE_URL;

describe(`db:backup and db:restore (${onPostgres ? 'PostgreSQL' : 'PGlite'})`, () => {
  let source: TestDatabase;
  let original: Awaited<ReturnType<typeof contents>>;
  let originalFiles: Record<string, string>;
  let backupFile: string;
  const work = path.join(TMP_ROOT, 'test-runs', `backup-${process.pid}`);
  const restoredDatabases: string[] = [];

  /** An empty place to restore into: a new DATA_DIR, and on PostgreSQL a new database. */
  const emptyTarget = async (name: string) => {
    const dataDir = path.join(work, name);
    const admin = process.env.DATABASE_URL;
    if (!admin) return { dataDir };
    const db = `restored_${process.pid}_${name.replace(/\W/g, '_')}`;
    await withAdmin(admin, (c) => c.query(`create database ${db}`));
    restoredDatabases.push(db);
    return { dataDir, databaseUrl: withDatabase(admin, db) };
  };
  const envOf = (t: { dataDir: string; databaseUrl?: string }): Record<string, string> => ({
    DATA_DIR: t.dataDir,
    DATABASE_URL: t.databaseUrl ?? '',
  });

  beforeAll(async () => {
    await fs.mkdir(work, { recursive: true });
    source = await createTestDatabase();
    // Beyond the demo data: an uploaded file, and text that quoting or encoding could damage.
    await new FsStorage(path.join(source.dataDir, 'files')).put(
      'customers/00000000-0000-4000-8000-000000000001/7d3c0b5e-upload',
      Buffer.from([0, 255, 1, 254, 10, 13, 0]),
    );
    await source.database.db.insert(contactMessages).values({
      name: `Zoë O'Brien "Ops" \\ 😀`,
      email: 'zoe@example.com',
      message: 'line one\nline two\ttabbed\r\n-- not sql; drop table users;',
    });
    original = await contents(source.database.db);
    originalFiles = await files(source.dataDir);
    // The embedded database is backed up closed, as after stopping the server.
    if (!onPostgres) await source.database.close();
  });

  afterAll(async () => {
    await source.destroy();
    const admin = process.env.DATABASE_URL;
    if (admin) {
      for (const db of restoredDatabases) {
        await withAdmin(admin, (c) => c.query(`drop database if exists ${db} with (force)`));
      }
    }
    await fs.rm(work, { recursive: true, force: true });
  });

  it('backs up the demo data and restores every table, sequence and file elsewhere', async () => {
    expect(Object.keys(original.rows).length).toBeGreaterThan(15);
    expect(Object.values(original.rows).flat().length).toBeGreaterThan(100);
    expect(Object.keys(originalFiles).length).toBeGreaterThan(5);

    const backup = await cli('backup-cli', [path.join(work, 'backups')], envOf(source));
    expect(backup.output).toContain('Backup written:');
    expect(backup.code).toBe(0);
    const [name] = await fs.readdir(path.join(work, 'backups'));
    backupFile = path.join(work, 'backups', name ?? '');
    expect((await fs.stat(backupFile)).mode & 0o777).toBe(0o600);

    const target = await emptyTarget('restored');
    const restore = await cli('restore-cli', [backupFile], envOf(target));
    expect(restore.output).toContain('Restored');
    expect(restore.code).toBe(0);

    const restored = await contentsOf(target);
    for (const [table, rows] of Object.entries(original.rows)) {
      expect(restored.rows[table]?.length, `${table} row count`).toBe(rows.length);
    }
    expect(restored).toEqual(original);
    expect(await files(target.dataDir)).toEqual(originalFiles);
  });

  it('refuses a database or DATA_DIR with data in it, and replaces it with --force', async () => {
    const target = await emptyTarget('forced');
    expect((await cli('restore-cli', [backupFile], envOf(target))).code).toBe(0);
    // Someone works on after the restore: a row goes, a file goes.
    const database = await openDatabase(target);
    await database.db.delete(contactMessages);
    await database.close();
    const [someFile] = Object.keys(originalFiles);
    await fs.rm(path.join(target.dataDir, 'files', someFile ?? ''));

    const refused = await cli('restore-cli', [backupFile], envOf(target));
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('add --force to replace them with the backup');
    expect((await contentsOf(target)).rows['public.contact_messages']).toEqual([]);

    const forced = await cli('restore-cli', [backupFile, '--force'], envOf(target));
    expect(forced.code).toBe(0);
    expect(await contentsOf(target)).toEqual(original);
    expect(await files(target.dataDir)).toEqual(originalFiles);
  });

  it.runIf(onPostgres)(
    'refuses while an app server is still connected to the database',
    async () => {
      const target = await emptyTarget('busy');
      const running = await openDatabase(target);
      try {
        await running.ping();
        await expect(restoreBackup(target, backupFile, { force: true })).rejects.toThrow(
          '1 other session is connected to',
        );
      } finally {
        await running.close();
      }
    },
  );

  it('refuses a damaged backup before touching the target', async () => {
    const bytes = await fs.readFile(backupFile);
    // Flip one byte inside the stored upload (its content is unique in the archive).
    const at = bytes.indexOf(Buffer.from([0, 255, 1, 254, 10, 13, 0]));
    expect(at).toBeGreaterThan(0);
    bytes[at + 1] = 0;
    const damaged = path.join(work, 'damaged.tar');
    await fs.writeFile(damaged, bytes);
    const target = await emptyTarget('damaged');
    await expect(restoreBackup(target, damaged)).rejects.toThrow(
      /damaged: files\/customers\/.*7d3c0b5e-upload does not match its checksum/,
    );
    expect(await fs.readdir(target.dataDir)).toEqual([]);
    if (target.databaseUrl) {
      const empty = await openDatabase(target);
      const [t] = await selectRows<{ n: number }>(
        empty.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public'`,
      );
      await empty.close();
      expect(t?.n).toBe(0);
    }

    const notABackup = path.join(work, 'not-a-backup.tar');
    await fs.writeFile(notABackup, 'hello');
    await expect(restoreBackup(target, notABackup)).rejects.toThrow(/not a readable backup/);
  });

  it('refuses entries that would land outside the folder, or are not plain files', async () => {
    const manifest = await readArchive(backupFile, path.join(work, 'unpacked-for-hostile'));
    const bytes = Buffer.from('written where it should not be');
    const digest = createHash('sha256').update(bytes).digest('hex');
    const hostile = async (entry: { name: string; type: 'file' | 'symlink' }) => {
      const file = path.join(work, `hostile-${entry.type}.tar`);
      const listed = {
        ...manifest,
        parts: [{ path: entry.name, bytes: bytes.length, sha256: digest }],
      };
      const pack = tar.pack();
      const written = pipeline(pack, createWriteStream(file));
      pack.entry({ name: 'manifest.json' }, JSON.stringify(listed));
      if (entry.type === 'file') pack.entry({ name: entry.name, size: bytes.length }, bytes);
      else pack.entry({ name: entry.name, type: 'symlink', linkname: '/etc/passwd' });
      pack.finalize();
      await written;
      return file;
    };
    const target = await emptyTarget('hostile');
    await expect(
      restoreBackup(target, await hostile({ name: 'files/../../escaped', type: 'file' })),
    ).rejects.toThrow('holds an entry its manifest does not list: files/../../escaped');
    await expect(
      restoreBackup(target, await hostile({ name: 'files/seed/link', type: 'symlink' })),
    ).rejects.toThrow('holds an entry its manifest does not list: files/seed/link');
    expect(await fs.readdir(target.dataDir)).toEqual([]);
    expect(await fs.readdir(work)).not.toContain('escaped');
  });

  it('refuses a backup made by a newer version, or for the other kind of database', async () => {
    const unpacked = path.join(work, 'unpacked');
    const manifest = await readArchive(backupFile, unpacked);
    const newest = knownMigrations().at(-1)?.when ?? 0;
    const future = {
      ...manifest,
      database: {
        ...manifest.database,
        migrations: { applied: 99, latest: null, latestWhen: newest + 1 },
      },
    };
    const sources = new Map(manifest.parts.map((p) => [p.path, path.join(unpacked, p.path)]));
    const fromFuture = path.join(work, 'future.tar');
    await writeArchive(fromFuture, future, sources);
    const target = await emptyTarget('future');
    await expect(restoreBackup(target, fromFuture)).rejects.toThrow(
      'restore it with that version or a newer one',
    );

    const otherKind = onPostgres
      ? { dataDir: target.dataDir }
      : { dataDir: target.dataDir, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' };
    await expect(restoreBackup(otherKind, backupFile)).rejects.toThrow(
      onPostgres ? 'set DATABASE_URL' : 'unset DATABASE_URL',
    );
  });

  it('with the files in a bucket, backs up the database alone and restores beside that bucket', async () => {
    // The files half is the bucket's own versioning (ADR 076): no request goes to the bucket.
    const bucket: StorageConfig = {
      kind: 's3',
      bucket: 'files',
      prefix: 'backup',
      region: 'us-east-1',
      forcePathStyle: true,
    };
    const { dataDir, databaseUrl } = source;
    const { file, manifest } = await createBackup(
      { dataDir, databaseUrl, storage: bucket },
      path.join(work, 'bucket-backups'),
    );
    expect(manifest.bucket).toBe('s3://files/backup');
    expect(manifest.parts.map((p) => p.path)).toEqual([manifest.database.dump]);

    await expect(restoreBackup(await emptyTarget('bucket-on-disk'), file)).rejects.toThrow(
      "This backup's files are in the bucket s3://files/backup",
    );
    const beside = await emptyTarget('bucket-restored');
    expect((await restoreBackup({ ...beside, storage: bucket }, file)).files).toBe(0);
    expect(await contentsOf(beside)).toEqual(original);
    // A backup holding files is not restored where the server would not read them.
    const intoBucket = { ...(await emptyTarget('disk-into-bucket')), storage: bucket };
    await expect(restoreBackup(intoBucket, backupFile)).rejects.toThrow(
      'then move the files with npm run storage:copy -- --to s3://files/backup',
    );
  });
});

describe('db:backup of the embedded database while a server has it open', () => {
  it('refuses, naming the process, and leaves no backup behind', async () => {
    const dataDir = path.join(TMP_ROOT, 'test-runs', `backup-busy-${process.pid}`);
    await fs.rm(dataDir, { recursive: true, force: true });
    await pgliteCopy(dataDir);
    const holder = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/test/hardening/fixtures/pglite-writer.ts', dataDir, 'holder'],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout.on('data', (c: Buffer) => c.toString().includes('WRITTEN') && resolve());
        holder.on('exit', () => reject(new Error('the holder exited early')));
      });
      const out = path.join(dataDir, 'backups');
      const attempt = createBackup({ dataDir }, out);
      await expect(attempt).rejects.toBeInstanceOf(DatabaseInUseError);
      await expect(attempt).rejects.toThrow(`open in process ${holder.pid}@`);
      expect(await fs.readdir(out)).toEqual([]);
    } finally {
      holder.kill('SIGKILL');
      await new Promise((resolve) => holder.once('exit', resolve));
    }
    // Once that process is gone, its lock is taken over.
    const { file } = await createBackup({ dataDir }, path.join(dataDir, 'backups'));
    expect(file).toMatch(/-pglite\.tar$/);
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

describe('PostgreSQL client tools', () => {
  it('says how to install them when they are missing', async () => {
    const saved = { path: process.env.PATH, bin: process.env.PG_BIN_DIR };
    process.env.PATH = '';
    delete process.env.PG_BIN_DIR;
    try {
      await expect(findTool('pg_dump', 99)).rejects.toThrow(
        'apt-get install postgresql-client-99) or set PG_BIN_DIR',
      );
    } finally {
      process.env.PATH = saved.path;
      if (saved.bin !== undefined) process.env.PG_BIN_DIR = saved.bin;
    }
  });

  it('refuses a pg_dump older than the server', async (ctx) => {
    const found = await findTool('pg_dump', 0).catch((err: unknown) => err as BackupError);
    if (found instanceof Error) return ctx.skip(`no pg_dump here: ${found.message}`);
    const major = Number(found.version.split('.')[0]);
    await expect(findTool('pg_dump', major + 1)).rejects.toThrow(
      `is version ${found.version}, older than the PostgreSQL ${major + 1} server`,
    );
  });
});
