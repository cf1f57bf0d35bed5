// Stored files no row refers to: an upload whose server died between its file and its row,
// a `.part` left by a crash mid-write on disk, the files of a deleted ticket (rows cascade,
// files do not). Removed once older than a day, in the bucket as on disk (issue 41).
import { inArray } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { documents, intakeMessages, ticketAttachments } from '../db/schema.ts';
import type { FileStorage } from './storage.ts';

/**
 * A file younger than this may be an upload whose row is not committed yet (a request may
 * take five minutes, config.requestTimeoutMs): it is never taken for an orphan.
 */
export const ORPHAN_GRACE_MS = 24 * 60 * 60 * 1000;

/** Arbitrary constant for pg_try_advisory_lock: the server sweeping right now. */
export const ORPHAN_SWEEP_LOCK_ID = 727_017;

/** Keys looked up in one round of queries. */
const BATCH = 500;

/** The stored keys among `keys` that some row names (every column that holds one). */
async function referenced(db: Db, keys: string[]): Promise<Set<string>> {
  const a = ticketAttachments;
  const found = await Promise.all([
    db
      .select({ key: documents.storageKey })
      .from(documents)
      .where(inArray(documents.storageKey, keys)),
    db.select({ key: a.storageKey }).from(a).where(inArray(a.storageKey, keys)),
    db.select({ key: a.thumbKey }).from(a).where(inArray(a.thumbKey, keys)),
    db.select({ key: a.viewKey }).from(a).where(inArray(a.viewKey, keys)),
    db
      .select({ key: intakeMessages.emlKey })
      .from(intakeMessages)
      .where(inArray(intakeMessages.emlKey, keys)),
  ]);
  return new Set(found.flat().flatMap((row) => (row.key ? [row.key] : [])));
}

export type OrphanSweep = { examined: number; removed: string[] };

/**
 * Lists the store and removes every file older than `graceMs` that no row names. A delete of
 * a missing key is no error. One installation per bucket prefix: another's files have no rows
 * here.
 */
export async function sweepOrphanFiles(
  db: Db,
  storage: FileStorage,
  { now = new Date(), graceMs = ORPHAN_GRACE_MS }: { now?: Date; graceMs?: number } = {},
): Promise<OrphanSweep> {
  const before = now.getTime() - graceMs;
  const result: OrphanSweep = { examined: 0, removed: [] };
  let batch: string[] = [];
  const sweep = async () => {
    const kept = await referenced(db, batch);
    for (const key of batch) {
      if (kept.has(key)) continue;
      await storage.delete(key);
      result.removed.push(key);
    }
    batch = [];
  };
  for await (const object of storage.list()) {
    result.examined++;
    if (object.modifiedAt.getTime() >= before) continue;
    batch.push(object.key);
    if (batch.length === BATCH) await sweep();
  }
  if (batch.length > 0) await sweep();
  return result;
}

type SweepOptions = Parameters<typeof sweepOrphanFiles>[2];

/**
 * The sweep as the app servers run it: by one server at a time (an advisory lock), so three
 * servers starting together list the bucket once, not three times. Undefined when another
 * server was sweeping: it will have removed what this one would.
 */
export function sweepOrphanFilesOnce(
  database: Database,
  storage: FileStorage,
  options?: SweepOptions,
): Promise<OrphanSweep | undefined> {
  return database.exclusive(ORPHAN_SWEEP_LOCK_ID, () =>
    sweepOrphanFiles(database.db, storage, options),
  );
}
