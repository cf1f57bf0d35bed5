import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pgliteCopy, TMP_ROOT } from '../test/template.ts';
import { openDatabase, selectRows, type Database } from './client.ts';

// The embedded database's turn-taking: runs on PGlite even when the suite runs on PostgreSQL.
describe('PGlite operations under a queue', () => {
  const dataDir = path.join(TMP_ROOT, 'test-runs', `turns-${randomBytes(4).toString('hex')}`);
  let database: Database;
  beforeAll(async () => {
    await pgliteCopy(dataDir);
    database = await openDatabase({ dataDir });
  });
  afterAll(async () => {
    await database.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** A statement that keeps the database busy for a moment and says which one it was. */
  const busy = (n: number) =>
    selectRows<{ n: number }>(
      database.db,
      sql`select ${n}::int as n, count(*) from generate_series(1, 20000)`,
    ).then(([row]) => row?.n);

  it('answers queued statements in the order they were asked', async () => {
    const finished: number[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, i) => busy(i).then((n) => finished.push(n ?? -1))),
    );
    expect(finished).toEqual(Array.from({ length: 40 }, (_, i) => i));
  });

  it('accepts a new connection while a long queue of statements is being worked through', async () => {
    const server = net.createServer((socket) => socket.end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      let done = 0;
      const queue = Array.from({ length: 300 }, (_, i) => busy(i).then(() => void done++));
      // Without turns the embedded database answered all 300 before the socket was polled.
      const doneAtAccept = await new Promise<number>((resolve) => {
        server.once('connection', () => resolve(done));
        net.connect(port, '127.0.0.1').on('error', () => {});
      });
      await Promise.all(queue);
      expect(done).toBe(300);
      expect(doneAtAccept).toBeLessThan(300);
    } finally {
      server.close();
    }
  });

  it('runs a transaction whole while other statements wait, and goes on after a failure', async () => {
    await database.db.execute(sql`create temporary table turns_probe (n int)`);
    const others = Array.from({ length: 10 }, (_, i) => busy(i));
    const failing = database.db.execute(sql`select 1 / 0`);
    const transaction = database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into turns_probe values (1)`);
      await tx.execute(sql`insert into turns_probe values (2)`);
      return selectRows<{ total: number }>(tx, sql`select sum(n)::int as total from turns_probe`);
    });
    await expect(failing).rejects.toThrow(/Failed query: select 1 \/ 0/);
    expect(await transaction).toEqual([{ total: 3 }]);
    expect(await Promise.all(others)).toEqual(Array.from({ length: 10 }, (_, i) => i));
  });
});
