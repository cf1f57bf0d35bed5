import { randomUUID } from 'node:crypto';
import { MAX_PAGE_SIZE } from '../../../shared/page-size.ts';
import { customerUsers, users } from '../../db/schema.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../sign-in.ts';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';
import { createTestApp, type TestApp } from '../test-app.ts';
import { createCatalogedApp, STAFF_EMAIL, tenants, type Tenant } from './api-catalog.ts';

const LIMIT = 5;

/** A new admin of the company, with a session: each test counts against a user of its own. */
async function colleagueCookie(app: FastifyInstance, customerId: string): Promise<string> {
  const email = `reader.${randomUUID()}@acme-logistics.example`;
  const [user] = await app.db
    .insert(users)
    .values({ email, firstName: 'Rea', lastName: 'Der' })
    .returning({ id: users.id });
  await app.db.insert(customerUsers).values({ userId: user!.id, customerId, role: 'admin' });
  return sessionCookieFor(app, email);
}

// Issue 13, item 4: one session (or one signed-out address) cannot read without bound.
describe(`signed-in reads limited to READ_RATE_LIMIT (${LIMIT} a minute here)`, () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  let a: Tenant;
  beforeAll(async () => {
    t = await createCatalogedApp({ readRateLimit: LIMIT });
    ({ a } = await tenants(t.app.db));
  });
  afterAll(() => t.close());

  const get = (url: string, cookie?: string, remoteAddress = '127.0.0.1', authorization?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      remoteAddress,
      headers: { ...(cookie ? { cookie } : {}), ...(authorization ? { authorization } : {}) },
    });

  it('answers 429 with Retry-After once a user has read their share, across their sessions', async () => {
    const cookie = await colleagueCookie(t.app, a.customerId);
    const url = `/api/customers/${a.customerId}/invoices`;
    for (let i = 0; i < LIMIT; i++) expect((await get(url, cookie)).statusCode).toBe(200);
    const over = await get(`/api/customers/${a.customerId}/tickets`, cookie);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(over.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(over.json<{ message: string }>().message).toMatch(
      /^Too many requests\. Please wait \d+ seconds and try again\.$/,
    );
    expect((await get('/api/auth/user', cookie)).statusCode).toBe(429);
    // A new session is no way around it (outside attack, issue 35); a colleague reads on.
    expect((await get(url, await sessionCookieFor(t.app, a.email))).statusCode).toBe(200);
    const again = await sessionCookieFor(t.app, a.email);
    for (let i = 1; i < LIMIT; i++) expect((await get(url, again)).statusCode).toBe(200);
    expect((await get(url, again)).statusCode).toBe(429);
    expect((await get(url, await colleagueCookie(t.app, a.customerId))).statusCode).toBe(200);
  });

  it('limits the staff API the same way', async () => {
    const staff = await sessionCookieFor(t.app, STAFF_EMAIL);
    for (let i = 0; i < LIMIT; i++)
      expect((await get('/api/staff/customers', staff)).statusCode).toBe(200);
    expect((await get('/api/staff/tickets', staff)).statusCode).toBe(429);
  });

  it('counts signed-out attempts by network address', async () => {
    for (let i = 0; i < LIMIT; i++)
      expect((await get('/api/auth/user', undefined, '10.4.0.1')).statusCode).toBe(401);
    expect((await get('/api/auth/user', undefined, '10.4.0.1')).statusCode).toBe(429);
    expect(
      (await get(`/api/customers/${a.customerId}/invoices`, undefined, '10.4.0.1')).statusCode,
    ).toBe(429);
    expect((await get('/api/auth/user', undefined, '10.4.0.2')).statusCode).toBe(401);
  });

  it('counts a made-up Authorization header, new on every read, as the session or address it came with (review N8)', async () => {
    const cookie = await colleagueCookie(t.app, a.customerId);
    const url = `/api/customers/${a.customerId}/sites`;
    for (let i = 0; i < LIMIT; i++)
      expect((await get(url, cookie, '127.0.0.1', `Bearer x-${i}`)).statusCode).toBe(200);
    expect((await get(url, cookie, '127.0.0.1', `Bearer x-${LIMIT}`)).statusCode).toBe(429);
    expect((await get(url, cookie)).statusCode).toBe(429);
    // Signed out, on a staff route (where the guard reads the header) and elsewhere.
    for (let i = 0; i < LIMIT; i++)
      expect(
        (await get('/api/staff/tickets', undefined, '10.4.0.5', `Bearer y-${i}`)).statusCode,
      ).toBe(401);
    expect((await get('/api/auth/user', undefined, '10.4.0.5', 'Bearer y-last')).statusCode).toBe(
      429,
    );
  });

  it('counts a real API token with its owner: a token is no way around the bound', async () => {
    const email = `staff.${randomUUID()}@example.com`;
    await t.app.db
      .insert(users)
      .values({ email, firstName: 'Sta', lastName: 'Ff', role: 'staff', staffRole: 'admin' });
    const session = await sessionCookieFor(t.app, email);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/staff/api-tokens',
      headers: { cookie: session },
      payload: { name: 'Read limit', scope: 'read', days: 30 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const bearer = `Bearer ${created.json<{ token: string }>().token}`;
    for (let i = 1; i < LIMIT; i++)
      expect((await get('/api/staff/customers', session)).statusCode).toBe(200);
    const byToken = () => get('/api/staff/customers', undefined, '10.4.0.9', bearer);
    expect((await byToken()).statusCode).toBe(200);
    expect((await byToken()).statusCode).toBe(429);
    expect((await get('/api/staff/customers', session)).statusCode).toBe(429);
  });

  it('leaves the health check and public pages of the API alone', async () => {
    for (let i = 0; i < LIMIT * 3; i++) {
      expect((await get('/api/health', undefined, '10.4.0.3')).statusCode).toBe(200);
    }
    for (let i = 0; i < LIMIT * 2; i++) {
      expect((await get('/api/login', undefined, '10.4.0.3')).statusCode).toBe(200);
    }
  });

  it(`every page size a caller may give is capped at ${MAX_PAGE_SIZE} rows`, () => {
    // Paged lists (issue 20) take ?limit=; a larger one is a 400, never a bigger read.
    const sizeParam = /^(limit|size|page_?size|per_?page|max|count|take|top|first)$/i;
    type Param = { safeParse(v: unknown): { success: boolean } };
    const paged = t.routes.flatMap((r) => {
      const query = r.schema?.querystring as { shape?: Record<string, Param> } | undefined;
      return Object.entries(query?.shape ?? {})
        .filter(([k]) => sizeParam.test(k))
        .map(([k, param]) => ({ at: `${r.method} ${r.url}?${k}`, param }));
    });
    expect(paged.length).toBeGreaterThan(0);
    const uncapped = paged.filter(
      ({ param }) =>
        param.safeParse(String(MAX_PAGE_SIZE + 1)).success || param.safeParse('100000').success,
    );
    expect(uncapped.map((p) => p.at)).toEqual([]);
  });
});

// Review F4: four costly searches at a time from one session stayed under the rate yet
// slowed every other company. Reads in flight are bounded per session and per company; the
// handlers of two lists count how many of them run at once (whether a burst arrives all
// together depends on the database's speed, the bound must hold either way).
describe('signed-in reads in flight bounded by READ_CONCURRENCY (1 here, 8 may wait)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  /** Handlers of company A's lists running now, and the most at once. */
  const running = { now: 0, most: 0 };
  const counted = (handler: RouteHandlerMethod): RouteHandlerMethod =>
    async function (this: FastifyInstance, request, reply) {
      const mine = (request.params as { customerId: string }).customerId === a.customerId;
      if (mine) running.most = Math.max(running.most, ++running.now);
      try {
        return await handler.call(this, request, reply);
      } finally {
        if (mine) running.now--;
      }
    };
  beforeAll(async () => {
    t = await createTestApp(
      { readConcurrency: 1 },
      {
        onRoute: (route) => {
          if (
            route.method === 'GET' &&
            /^\/api\/customers\/:customerId\/(tickets|invoices)$/.test(route.url)
          )
            route.handler = counted(route.handler);
        },
      },
    );
    ({ a, b } = await tenants(t.app.db));
  });
  afterAll(() => t.close());

  const get = (url: string, cookie: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });
  /** Every answer a 200, or the in-flight refusal; returns how many were refused. */
  const refusals = (
    answers: { statusCode: number; headers: Record<string, unknown>; json<T>(): T }[],
  ) => {
    const refused = answers.filter((r) => r.statusCode !== 200);
    for (const r of refused) {
      expect(r.statusCode).toBe(429);
      expect(r.headers['retry-after']).toBe('1');
      expect(r.json<{ message: string }>().message).toBe(
        'Too many requests at once. Please wait a moment and try again.',
      );
    }
    return refused.length;
  };

  it('runs one read of a session at a time, queues 8, and lets other companies read meanwhile', async () => {
    const cookie = await sessionCookieFor(t.app, a.email);
    const other = await sessionCookieFor(t.app, b.email);
    const url = `/api/customers/${a.customerId}/tickets?q=ab&limit=200`;
    running.most = 0;
    const burst = Array.from({ length: 16 }, () => get(url, cookie));
    const otherRead = get(`/api/customers/${b.customerId}/invoices`, other);
    // At least one running and eight waiting get through; the rest may be refused.
    expect(refusals(await Promise.all(burst))).toBeLessThanOrEqual(7);
    expect(running.most).toBe(1);
    expect((await otherRead).statusCode).toBe(200);
    // Every slot came back: the same session reads again, 9 at once without a refusal.
    const again = await Promise.all(Array.from({ length: 9 }, () => get(url, cookie)));
    expect(again.map((r) => r.statusCode)).toEqual(Array(9).fill(200));
  });

  it('bounds a company across its users: 4 users’ worth in flight, 32 waiting', async () => {
    const cookies = await Promise.all(
      Array.from({ length: 40 }, () => colleagueCookie(t.app, a.customerId)),
    );
    const url = `/api/customers/${a.customerId}/invoices?q=ab`;
    running.most = 0;
    const answers = await Promise.all(cookies.map((cookie) => get(url, cookie)));
    expect(refusals(answers)).toBeLessThanOrEqual(4);
    expect(running.most).toBeLessThanOrEqual(4);
    expect(running.most).toBeGreaterThan(1);
  });
});
