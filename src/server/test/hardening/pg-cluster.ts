import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../free-port.ts';

const run = promisify(execFile);
const BIN = process.env.PG_BIN_DIR ?? '/usr/lib/postgresql/15/bin';

/**
 * Why a suite that starts its own PostgreSQL server cannot run here, or null when it can.
 * The suite skips with this message (printed) instead of failing on a machine without them.
 */
export function pgServerMissing(suite: string): string | null {
  if (['initdb', 'pg_ctl'].every((bin) => existsSync(path.join(BIN, bin)))) return null;
  const message = `Skipping "${suite}": the PostgreSQL server programs (initdb, pg_ctl) are not in ${BIN}. Install them (apt-get install postgresql) or set PG_BIN_DIR to their folder.`;
  console.warn(message);
  return message;
}

/**
 * A throwaway PostgreSQL server of our own, for tests that stop and start it:
 * the shared server other tests use is never touched. As root it runs as the
 * `postgres` user (initdb refuses root).
 */
export type PgCluster = {
  url: string;
  port: number;
  stop(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
};

export async function startPgCluster(): Promise<PgCluster> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'meridian-pg-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await fs.chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (bin: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(BIN, bin), ...args])
      : run(path.join(BIN, bin), args);
  const data = path.join(dir, 'data');
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const start = async () => {
    await pg('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    start,
    stop,
    destroy: async () => {
      await stop().catch(() => {});
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
