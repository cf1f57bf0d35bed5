// The orphan sweep (issue 41) on the disk and in a bucket: files no row names go once older
// than the grace period; files rows name, and young files of uploads under way, stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { documents, ticketAttachments } from '../db/schema.ts';
import { startS3Server, type S3TestServer } from '../test/s3-server.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { openStorage } from './open-storage.ts';
import {
  ORPHAN_GRACE_MS,
  ORPHAN_SWEEP_LOCK_ID,
  sweepOrphanFiles,
  type OrphanSweep,
  sweepOrphanFilesOnce,
} from './orphan-files.ts';
import type { FileStorage } from './storage.ts';

let s3: S3TestServer;
let tdb: TestDatabase;
beforeAll(async () => {
  [s3, tdb] = await Promise.all([startS3Server(), createTestDatabase()]);
});
afterAll(async () => {
  await tdb.destroy();
  await s3.kill();
});

describe.each(['disk', 's3'] as const)('orphan file sweep on %s', (kind) => {
  let storage: FileStorage;
  beforeAll(() => {
    storage = openStorage({
      dataDir: tdb.dataDir,
      storage: kind === 's3' ? s3.config('files', 'sweep') : { kind: 'disk' },
    });
  });
  afterAll(() => storage.close());

  it('removes only old files that no row names', async () => {
    const db = tdb.database.db;
    const [doc] = await db.select({ key: documents.storageKey }).from(documents).limit(1);
    const [attachment] = await db
      .select({ key: ticketAttachments.storageKey, thumb: ticketAttachments.thumbKey })
      .from(ticketAttachments)
      .limit(1);
    if (!doc) throw new Error('the seed has documents');
    const named = [doc.key, ...(attachment ? [attachment.key] : [])];
    const orphans = [`tickets/${kind}/orphan`, `tickets/${kind}/orphan.thumb`];
    for (const key of [...named, ...orphans]) await storage.put(key, Buffer.from(key));

    // Just written: an upload whose row may not be committed yet.
    const now = await sweepOrphanFiles(db, storage);
    expect(now.removed).toEqual([]);

    const later = new Date(Date.now() + ORPHAN_GRACE_MS + 60_000);
    const swept = await sweepOrphanFiles(db, storage, { now: later });
    expect(swept.removed.filter((k) => k.startsWith('tickets/')).sort()).toEqual(orphans.sort());
    const left = new Set<string>();
    for await (const { key } of storage.list()) left.add(key);
    for (const key of named) expect(left.has(key)).toBe(true);
    for (const key of orphans) expect(left.has(key)).toBe(false);
  });
});

// Every app server tries the sweep at start and every six hours (plugins/orphan-files.ts).
describe.skipIf(!process.env.DATABASE_URL)(
  'the orphan sweep on several servers (PostgreSQL)',
  () => {
    it('is run by one server at a time: the other skips while one sweeps, and sweeps after', async () => {
      const storage = openStorage({ dataDir: tdb.dataDir, storage: s3.config('files', 'claim') });
      // A second app server's own connections to the same database.
      const other = await openDatabase({ databaseUrl: tdb.databaseUrl, dataDir: tdb.dataDir });
      try {
        await storage.put('tickets/claim/orphan', Buffer.from('left over'));
        const later = { now: new Date(Date.now() + ORPHAN_GRACE_MS + 60_000) };
        // While this server is sweeping (holds the claim), the other's sweep is skipped.
        let meanwhile: OrphanSweep | undefined | 'not tried' = 'not tried';
        const held = await tdb.database.exclusive(ORPHAN_SWEEP_LOCK_ID, async () => {
          meanwhile = await sweepOrphanFilesOnce(other, storage, later);
          return 'held';
        });
        expect(held).toBe('held');
        expect(meanwhile).toBeUndefined();
        const left: string[] = [];
        for await (const { key } of storage.list()) left.push(key);
        expect(left).toContain('tickets/claim/orphan');
        // The claim ends with the sweep: the next one runs.
        const next = await sweepOrphanFilesOnce(other, storage, later);
        expect(next?.removed).toContain('tickets/claim/orphan');
      } finally {
        await other.close();
        storage.close();
      }
    });
  },
);
