import fs from 'node:fs/promises';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';

/**
 * The embedded database may be opened by one process only: two PGlite instances writing one
 * data directory corrupt it, and PGlite itself does not refuse the second (PostgreSQL's
 * postmaster.pid does not exist there). So whoever opens it (the server, `db:backup`,
 * `db:seed`...) writes `<dir>.lock` with its process id and host, and a second process is
 * refused while that process lives. A lock left by a process that died is taken over.
 */
export class DatabaseInUseError extends Error {
  override name = 'DatabaseInUseError';
}

/** Opens of one directory within this process (tests open a copy more than once). */
const heldHere = new Map<string, number>();

const lockFile = (dir: string) => `${dir}.lock`;
const owner = () => `${process.pid}@${os.hostname()}`;

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Takes the lock of the data directory `dir`; the returned function gives it back. */
export async function lockPgliteDir(dir: string): Promise<() => Promise<void>> {
  const file = lockFile(dir);
  const release = async () => {
    const left = (heldHere.get(file) ?? 1) - 1;
    if (left > 0) return void heldHere.set(file, left);
    heldHere.delete(file);
    if ((await fs.readFile(file, 'utf8').catch(() => '')).trim() === owner()) await fs.rm(file);
  };
  if (heldHere.has(file)) {
    heldHere.set(file, (heldHere.get(file) ?? 0) + 1);
    return release;
  }
  for (;;) {
    try {
      await fs.writeFile(file, `${owner()}\n`, { flag: 'wx' });
      heldHere.set(file, 1);
      return release;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    // An empty file is another process between creating and writing it: read again.
    const read = () =>
      fs.readFile(file, 'utf8').then(
        (t) => t.trim(),
        () => '',
      );
    const holder = (await read()) || (await sleep(50).then(read));
    const [pid, host] = holder.split('@');
    if (holder && (host !== os.hostname() || alive(Number(pid)))) {
      throw new DatabaseInUseError(
        `The embedded database in ${dir} is open in process ${holder}: stop it first ` +
          `(if no such process runs, delete ${file}).`,
      );
    }
    // Left by a process that is gone: take it over.
    await fs.rm(file, { force: true });
  }
}
