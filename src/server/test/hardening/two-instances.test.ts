import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { seedDemoData } from '../../seed/demo.ts';
import { deleteUserSessions } from '../../services/sessions.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { testConfig } from '../test-app.ts';
import { TEMPLATE_DIR, withAdmin, withDatabase } from '../template.ts';
import { pgServerMissing, startPgCluster, type PgCluster } from './pg-cluster.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisReachable(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    connectTimeout: 500,
    maxRetriesPerRequest: 0,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Two app servers on one PostgreSQL, as "Deploying on several machines" describes. */
const SUITE = 'two app instances on one PostgreSQL';
describe.skipIf(pgServerMissing(SUITE))(SUITE, () => {
  let cluster: PgCluster;
  let url: string;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  const instance = async (
    extra: { redisUrl?: string } = {},
    routes?: (app: FastifyInstance) => void,
  ) => {
    const database = await openDatabase({ databaseUrl: url, dataDir: TEMPLATE_DIR });
    databases.push(database);
    const app = await buildApp(testConfig(TEMPLATE_DIR, { databaseUrl: url, ...extra }), {
      database,
      mailWorker: false,
    });
    routes?.(app);
    await app.ready();
    apps.push(app);
    return app;
  };

  beforeAll(async () => {
    cluster = await startPgCluster();
    await withAdmin(cluster.url, (c) => c.query('create database app'));
    url = withDatabase(cluster.url, 'app');
    const setup = await openDatabase({ databaseUrl: url, dataDir: TEMPLATE_DIR });
    await setup.migrate();
    await seedDemoData(setup.db, { dataDir: TEMPLATE_DIR });
    await setup.close();
  }, 120_000);
  afterAll(async () => {
    for (const app of apps) await app.close();
    for (const d of databases) await d.close();
    await cluster?.destroy();
  });

  it('honours a session created through one instance on the other, and ends it everywhere', async () => {
    const one = await instance();
    const two = await instance();
    const me = (app: FastifyInstance, cookie: string) =>
      app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    const laptop = await sessionCookieFor(one, 'jordan.lee@acme-logistics.example');
    const phone = await sessionCookieFor(one, 'jordan.lee@acme-logistics.example');
    for (const app of [one, two]) {
      for (const cookie of [laptop, phone]) {
        const res = await me(app, cookie);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ email: 'jordan.lee@acme-logistics.example' });
      }
    }

    // Through one server: it refuses at once; the other once the database's notice arrives
    // (both have the account cached by now: docs/decisions/017-session-cache.md).
    const out = await one.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { cookie: laptop },
    });
    expect(out.statusCode).toBe(204);
    expect((await me(one, phone)).statusCode).toBe(401);
    await expect.poll(async () => (await me(two, phone)).statusCode, { timeout: 5000 }).toBe(401);

    // Written by neither server (a script, a staff tool): both learn it from the database.
    const again = await sessionCookieFor(two, 'jordan.lee@acme-logistics.example');
    const id = (await me(two, again)).json<{ id: string }>().id;
    expect((await me(one, again)).statusCode).toBe(200);
    await deleteUserSessions(databases[0]!.db, id);
    for (const app of [one, two]) {
      await expect.poll(async () => (await me(app, again)).statusCode, { timeout: 5000 }).toBe(401);
    }
  });

  it('holds a rate limit across both instances when REDIS_URL is set', async () => {
    if (!(await redisReachable())) {
      throw new Error(`Redis is not reachable at ${REDIS_URL}: start it or set REDIS_URL`);
    }
    // A route of its own, so counters left by other test runs on this Redis cannot interfere.
    const path = `/api/test/limited-${randomBytes(6).toString('hex')}`;
    const limited = (app: FastifyInstance) => {
      app.post(path, { config: { rateLimit: { max: 3, timeWindow: 60_000 } } }, async () => ({
        ok: true,
      }));
    };
    const one = await instance({ redisUrl: REDIS_URL }, limited);
    const two = await instance({ redisUrl: REDIS_URL }, limited);
    const ip = `10.${[1, 2, 3].map(() => Math.floor(Math.random() * 250)).join('.')}`;
    const statuses: number[] = [];
    for (const app of [one, two, one, two, one]) {
      const res = await app.inject({ method: 'POST', url: path, remoteAddress: ip });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const refused = await two.inject({ method: 'POST', url: path, remoteAddress: ip });
    expect(refused.json<{ message: string }>().message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
    // Another address has its own allowance.
    const other = await one.inject({ method: 'POST', url: path, remoteAddress: '10.250.250.250' });
    expect(other.statusCode).toBe(200);
  });
});
