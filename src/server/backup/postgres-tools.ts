import { execFile, spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './manifest.ts';

/**
 * PostgreSQL backups use the server's own tools: `pg_dump --format=custom`, and for a restore
 * `pg_restore` turning that archive into SQL that `psql` runs in one transaction, so a failed
 * restore leaves the database as it was.
 */
const run = promisify(execFile);

type Tool = 'pg_dump' | 'pg_restore' | 'psql';

/** The URL without its password, and an environment carrying it: command lines show in `ps`. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return {
    dbname: u.toString(),
    env: password ? { ...process.env, PGPASSWORD: password } : process.env,
  };
}

/** The URL as it may be printed. */
export function redactUrl(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

async function withClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    return await fn(client);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    throw new BackupError(`PostgreSQL at ${redactUrl(url)}: ${(err as Error).message}`);
  } finally {
    await client.end().catch(() => {});
  }
}

export type PostgresTarget = {
  /** `15.20` */
  version: string;
  major: number;
  /** Tables, sequences, views or types of the app (schema `public`, or drizzle's schema). */
  objects: number;
  /** Other sessions on this database: app servers still running. */
  otherSessions: number;
};

export function inspectPostgres(url: string): Promise<PostgresTarget> {
  return withClient(url, async (c) => {
    const { rows } = await c.query<{
      version: string;
      num: string;
      objects: number;
      others: number;
    }>(
      `select current_setting('server_version') as version,
              current_setting('server_version_num') as num,
              (select count(*)::int from pg_class
                 where relnamespace = 'public'::regnamespace and relkind in ('r','p','v','m','S','f'))
              + (select count(*)::int from pg_type
                 where typnamespace = 'public'::regnamespace and typtype = 'e')
              + (select count(*)::int from pg_namespace where nspname = 'drizzle') as objects,
              (select count(*)::int from pg_stat_activity
                 where datname = current_database() and pid <> pg_backend_pid()) as others`,
    );
    const row = rows[0];
    if (!row) throw new BackupError(`PostgreSQL at ${redactUrl(url)} did not answer.`);
    return {
      version: row.version.split(' ')[0] ?? row.version,
      major: Math.floor(Number(row.num) / 10_000),
      objects: row.objects,
      otherSessions: row.others,
    };
  });
}

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * The client tool for a server of version `serverMajor`: from PG_BIN_DIR, Debian's folder of
 * that version, or PATH; never older than the server (pg_dump refuses a newer server).
 */
export async function findTool(
  name: Tool,
  serverMajor: number,
): Promise<{ bin: string; version: string }> {
  const dirs = [
    process.env.PG_BIN_DIR,
    `/usr/lib/postgresql/${serverMajor}/bin`,
    ...(process.env.PATH ?? '').split(path.delimiter),
  ].filter((d): d is string => !!d);
  const bin = dirs.map((d) => path.join(d, name)).find(executable);
  const install =
    `install the PostgreSQL ${serverMajor} client tools (Debian and Ubuntu: ` +
    `apt-get install postgresql-client-${serverMajor}) or set PG_BIN_DIR to their folder`;
  if (!bin) {
    throw new BackupError(
      `${name} was not found: backups of a PostgreSQL database use pg_dump, pg_restore and psql; ${install}.`,
    );
  }
  const { stdout } = await run(bin, ['--version']);
  const version = /\d+(\.\d+)?/.exec(stdout)?.[0] ?? '0';
  if (Number(version.split('.')[0]) < serverMajor) {
    throw new BackupError(
      `${bin} is version ${version}, older than the PostgreSQL ${serverMajor} server: ${install}.`,
    );
  }
  return { bin, version };
}

/** Writes the database as a pg_dump custom-format archive to `file`. */
export async function dumpPostgres(
  url: string,
  serverMajor: number,
  file: string,
): Promise<string> {
  const tool = await findTool('pg_dump', serverMajor);
  const { dbname, env } = connection(url);
  try {
    await run(
      tool.bin,
      ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`],
      { env },
    );
  } catch (err) {
    throw new BackupError(
      `pg_dump failed: ${String((err as { stderr?: string }).stderr ?? err).trim()}`,
    );
  }
  return `pg_dump ${tool.version}`;
}

/**
 * Removes what a restore would create (the app's objects in `public`, drizzle's schema), in the
 * restore's own transaction. Objects that belong to extensions are left alone.
 */
const DROP_APP_OBJECTS = `
DROP SCHEMA IF EXISTS drizzle CASCADE;
DO $$
DECLARE r record;
BEGIN
  FOR r IN SELECT format('DROP %s IF EXISTS public.%I CASCADE',
      CASE c.relkind WHEN 'v' THEN 'VIEW' WHEN 'm' THEN 'MATERIALIZED VIEW' WHEN 'S' THEN 'SEQUENCE'
        WHEN 'f' THEN 'FOREIGN TABLE' ELSE 'TABLE' END, c.relname) AS stmt
    FROM pg_class c
    WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r','p','v','m','S','f')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype = 'e')
  LOOP EXECUTE r.stmt; END LOOP;
  FOR r IN SELECT format('DROP ROUTINE IF EXISTS %s CASCADE', p.oid::regprocedure) AS stmt
    FROM pg_proc p
    WHERE p.pronamespace = 'public'::regnamespace
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
  LOOP EXECUTE r.stmt; END LOOP;
  FOR r IN SELECT format('DROP TYPE IF EXISTS public.%I CASCADE', t.typname) AS stmt
    FROM pg_type t
    WHERE t.typnamespace = 'public'::regnamespace AND t.typtype IN ('e','d','r')
      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = t.oid AND d.deptype = 'e')
  LOOP EXECUTE r.stmt; END LOOP;
END $$;
`;

/** Restores a pg_dump archive in one transaction; with `replace`, the app's objects go first. */
export async function restorePostgres(
  url: string,
  serverMajor: number,
  file: string,
  replace: boolean,
): Promise<void> {
  const pgRestore = await findTool('pg_restore', serverMajor);
  const psql = await findTool('psql', serverMajor);
  const { dbname, env } = connection(url);
  const errors: string[] = [];
  const exited = (child: ReturnType<typeof spawn>) =>
    new Promise<number | null>((resolve) => {
      child.stderr?.on('data', (c: Buffer) => errors.push(c.toString()));
      child.on('error', (err) => errors.push(err.message));
      child.on('close', (code) => resolve(code));
    });

  const sql = spawn(
    psql.bin,
    [
      '--no-psqlrc',
      '--quiet',
      '--set=ON_ERROR_STOP=1',
      '--single-transaction',
      `--dbname=${dbname}`,
    ],
    { env, stdio: ['pipe', 'ignore', 'pipe'] },
  );
  const sqlExit = exited(sql);
  sql.stdin.on('error', () => {}); // psql stopping early is reported by its exit code
  if (replace) sql.stdin.write(DROP_APP_OBJECTS);
  const script = spawn(pgRestore.bin, ['--no-owner', '--no-privileges', '--file=-', file], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const scriptExit = exited(script);
  script.stdout.pipe(sql.stdin);
  const [scriptCode, sqlCode] = await Promise.all([scriptExit, sqlExit]);
  if (scriptCode !== 0 || sqlCode !== 0) {
    throw new BackupError(
      `The restore failed and was rolled back; the database is as it was.\n${errors.join('').trim()}`,
    );
  }
}
