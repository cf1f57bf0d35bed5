import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { sessions } from '../../db/schema.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { testConfig } from '../test-app.ts';
import { TEMPLATE_DIR, withAdmin, withDatabase } from '../template.ts';
import { pgServerMissing, startPgCluster, type PgCluster } from './pg-cluster.ts';

/** Requests sent back to back until stopped; every answer is recorded with when it was sent. */
function steadyTraffic(app: FastifyInstance, cookie: string) {
  const answers: { sentAt: number; status: number }[] = [];
  let running = true;
  const loop = async (url: string, headers: Record<string, string>) => {
    while (running) {
      const sentAt = performance.now();
      const res = await app.inject({ method: 'GET', url, headers });
      answers.push({ sentAt, status: res.statusCode });
      // eslint-disable-next-line no-restricted-syntax -- the load generator's pacing (about 100 requests a second per loop), not a wait for an event
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const loops = [loop('/api/health', {}), loop('/api/auth/user', { cookie })];
  return {
    /**
     * The statuses answered since the last call, of requests sent after `sentAfter` (one sent
     * while the database was down may be answered later), once one of them is `awaited` (up to
     * 20 s: a loaded machine answers slowly, and a fixed pause made the test flaky).
     */
    take: async (sentAfter = 0, awaited = (_status: number) => true) => {
      const fresh = () => answers.filter((a) => a.sentAt >= sentAfter);
      await vi.waitFor(() => expect(fresh().some((a) => awaited(a.status))).toBe(true), {
        timeout: 20_000,
        interval: 100,
      });
      const taken = fresh().map((a) => a.status);
      answers.splice(0, answers.length);
      return taken;
    },
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}

const SUITE = 'PostgreSQL stopped and started under traffic';
describe.skipIf(pgServerMissing(SUITE))(SUITE, () => {
  let cluster: PgCluster;
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    cluster = await startPgCluster();
    await withAdmin(cluster.url, (c) => c.query('create database app'));
    const url = withDatabase(cluster.url, 'app');
    database = await openDatabase({ databaseUrl: url, dataDir: TEMPLATE_DIR });
    await database.migrate();
    await seedDemoData(database.db, { dataDir: TEMPLATE_DIR });
    app = await buildApp(testConfig(TEMPLATE_DIR, { databaseUrl: url }), {
      database,
      mailWorker: false,
    });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await cluster?.destroy();
  });

  it('answers 503 while the database is down, recovers without a restart, keeps committed data', async () => {
    const cookie = await sessionCookieFor(app, 'jordan.lee@acme-logistics.example');
    const sessionsBefore = (await app.db.select().from(sessions)).length;
    const traffic = steadyTraffic(app, cookie);
    try {
      const up = await traffic.take();
      expect(up.length).toBeGreaterThan(0);
      expect(new Set(up)).toEqual(new Set([200]));

      await cluster.stop();
      const down = await traffic.take(0, (status) => status === 503);
      expect(down.filter((s) => s === 503).length).toBeGreaterThan(0);
      // Only success (answered before the stop) or a clean 503: never a 500.
      expect(down.filter((s) => s !== 200 && s !== 503)).toEqual([]);

      await cluster.start();
      // Recovered: the signed-in read answers again, without a restart.
      await vi.waitFor(
        async () => {
          const res = await app.inject({
            method: 'GET',
            url: '/api/auth/user',
            headers: { cookie },
          });
          expect(res.statusCode).toBe(200);
        },
        { timeout: 20_000, interval: 100 },
      );
      const after = await traffic.take(performance.now());
      expect(after.length).toBeGreaterThan(0);
      expect(new Set(after)).toEqual(new Set([200]));
    } finally {
      await traffic.stop();
    }
    const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json()).toMatchObject({ email: 'jordan.lee@acme-logistics.example' });
    const sessionsAfter = await app.db
      .select()
      .from(sessions)
      .where(eq(sessions.userAgent, 'vitest'));
    expect(sessionsAfter.length).toBeGreaterThan(0);
    expect((await app.db.select().from(sessions)).length).toBe(sessionsBefore);
  });
});
