import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, like } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase, type Database } from '../../db/client.ts';
import { customers, intakeMessages, ticketReplies, tickets } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { dovecotMissing, startDovecot } from '../dovecot.ts';
import { deleteUserSessions } from '../../services/sessions.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { testConfig } from '../test-app.ts';
import { redisAnswers } from '../redis.ts';
import { createSeededDatabase } from '../seeded-database.ts';
import { TEMPLATE_DIR } from '../template.ts';
import { pgServerMissing, startPgCluster, type PgCluster } from './pg-cluster.ts';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Two app servers on one PostgreSQL, as "Deploying on several machines" describes. */
const SUITE = 'two app instances on one PostgreSQL';
describe.skipIf(pgServerMissing(SUITE))(SUITE, () => {
  let cluster: PgCluster;
  let url: string;
  const databases: Database[] = [];
  const apps: FastifyInstance[] = [];

  const instance = async (
    extra: { redisUrl?: string; imapUrl?: string; dataDir?: string; intakePollMs?: number } = {},
    routes?: (app: FastifyInstance) => void,
  ) => {
    const database = await openDatabase({ databaseUrl: url, dataDir: TEMPLATE_DIR });
    databases.push(database);
    const dataDir = extra.dataDir ?? TEMPLATE_DIR;
    const app = await buildApp(testConfig(dataDir, { databaseUrl: url, ...extra }), {
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
    const setup = await createSeededDatabase(cluster.url, 'app', { dataDir: TEMPLATE_DIR });
    url = setup.url;
    await setup.database.close();
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
    if (!(await redisAnswers(REDIS_URL))) {
      throw new Error(`Redis is not reachable at ${REDIS_URL}: start it or set REDIS_URL`);
    }
    // A route of its own, so counters left by other test runs on this Redis cannot interfere.
    const path = `/api/test/limited-${randomBytes(6).toString('hex')}`;
    const limited = (app: FastifyInstance) => {
      app.post(
        path,
        { config: { assurance: 'anonymous', rateLimit: { max: 3, timeWindow: 60_000 } } },
        async () => ({
          ok: true,
        }),
      );
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

  it.skipIf(Boolean(dovecotMissing))(
    'lets exactly one instance read the support mailbox (advisory lock); when it shuts down mid-round the other takes over, and every message is one ticket or reply',
    async () => {
      const dovecot = await startDovecot();
      const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'intake-two-'));
      try {
        const opts = { imapUrl: dovecot.url, dataDir, intakePollMs: 300 };
        const one = await instance(opts);
        const two = await instance(opts);
        const db = one.db;
        // An open ticket of the sender's company, which the replies answer.
        const [open] = await db
          .select({ id: tickets.id })
          .from(tickets)
          .innerJoin(customers, eq(customers.id, tickets.customerId))
          .where(and(eq(tickets.status, 'open'), eq(customers.name, 'Acme Logistics')))
          .limit(1);
        const repliesBefore = async () =>
          (
            await db
              .select({ n: count() })
              .from(ticketReplies)
              .where(eq(ticketReplies.ticketId, open!.id))
          )[0]!.n;
        const before = await repliesBefore();
        const run = randomBytes(4).toString('hex');
        // 30 messages: every third answers an open ticket by its [TK-…] subject.
        const total = 30;
        for (let i = 0; i < total; i++) {
          const reply = i % 3 === 2;
          await dovecot.append(
            [
              `From: ${DEMO_USERS.acme}`,
              'To: support@example.com',
              `Subject: ${reply ? `Re: [${open!.id}] ${run} ${i}` : `Two servers ${run} ${i}`}`,
              `Message-ID: <two-${run}-${i}@client.example>`,
              'Content-Type: text/plain; charset=utf-8',
              '',
              `Message ${i}`,
              '',
            ].join('\r\n'),
          );
        }
        one.intake!.start();
        two.intake!.start();
        await expect
          .poll(() => [one, two].filter((a) => a.intake!.stats.holdsMailbox).length, {
            timeout: 10_000,
          })
          .toBe(1);
        const [holder, other] = one.intake!.stats.holdsMailbox ? [one, two] : [two, one];
        expect(other.intake!.stats.ingested).toBe(0);

        // The holder stops (as on SIGTERM) after a few messages; the rest wait unseen.
        await expect
          .poll(() => holder.intake!.stats.ingested, { timeout: 20_000 })
          .toBeGreaterThan(2);
        await holder.close();
        apps.splice(apps.indexOf(holder), 1);
        await expect
          .poll(() => holder.intake!.stats.ingested + other.intake!.stats.ingested, {
            timeout: 30_000,
          })
          .toBe(total);
        expect(other.intake!.stats.holdsMailbox).toBe(true);
        expect(other.intake!.stats.ingested).toBeGreaterThan(0);

        const stored = await db
          .select({ id: intakeMessages.messageId, outcome: intakeMessages.outcome })
          .from(intakeMessages)
          .where(like(intakeMessages.messageId, `<two-${run}-%`));
        expect(stored).toHaveLength(total);
        expect(stored.filter((m) => m.outcome === 'ticket')).toHaveLength(20);
        expect(stored.filter((m) => m.outcome === 'reply')).toHaveLength(10);
        const [{ n }] = (await db
          .select({ n: count() })
          .from(tickets)
          .where(like(tickets.subject, `Two servers ${run} %`))) as [{ n: number }];
        expect(n).toBe(20);
        expect((await repliesBefore()) - before).toBe(10);
        const imap = await dovecot.client();
        await imap.mailboxOpen('INBOX');
        expect(await imap.search({ seen: false }, { uid: true })).toEqual([]);
        await imap.logout();
      } finally {
        await dovecot.stop();
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
  );
});
