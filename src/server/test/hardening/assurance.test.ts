import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { API_TOKEN_MESSAGES, type CreatedApiToken } from '../../../shared/schemas/api-tokens.ts';
import { SIGN_IN_AGAIN_MESSAGE } from '../../../shared/sign-in-again.ts';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/second-factor.ts';
import { ASSURANCES, RECENT_SIGN_IN_MS, type Assurance } from '../../plugins/session/assurance.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { staffTestContext } from '../staff-context.ts';
import { createTestDatabase, testConfig } from '../test-app.ts';
import { createCatalogedApp, fillPath, type ApiRoute } from './api-catalog.ts';
import { LISTED_LEVELS, PREFIX_LEVELS } from './assurance-catalogue.ts';

const keyOf = (route: ApiRoute) => `${route.method} ${route.url}`;
const expectedLevel = (key: string, url: string): Assurance | undefined =>
  LISTED_LEVELS[key] ?? PREFIX_LEVELS.find(([prefix]) => url.startsWith(prefix))?.[1];

/** Levels that need more than a session of any age (or, for staff, refuse API tokens). */
const STRONG = new Set<Assurance>([
  'adding-a-factor',
  'recent-sign-in',
  'staff-session',
  'staff-recent',
]);
/**
 * Writes that change how someone signs in or who may: their own address and factors, the
 * sign-in settings, second-factor resets, accounts' access, API tokens and webhooks.
 */
const IDENTITY =
  /(\/sso\b|sign-in-policy|second-factor|\/passkeys|api-tokens|webhooks|email\/confirm|\/staff\/users\/|\/members\/|\/staff\/customers\/:customerId\/users)/;
/** Identity writes a session of any age may make, each for its stated reason. */
const NOT_STRONG = new Map([
  ['POST /api/auth/second-factor/verify', 'completes a sign-in: the step that makes it recent'],
  ['PATCH /api/auth/passkeys/:passkeyId', 'renames: changes no way in'],
  ['DELETE /api/auth/passkeys/:passkeyId', 'removes a way in: lets no one in'],
]);

// Issue 35: every route declares who may call it; one hook enforces it (ADR 046).
describe('route assurance', () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  let ctx: Awaited<ReturnType<typeof staffTestContext>>;
  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 50 });
    ctx = await staffTestContext(t.app);
  });
  afterAll(() => t.close());

  const probe = (route: ApiRoute, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: fillPath(route.url, (name) =>
        name === 'customerId' ? ctx.acmeId : '00000000-0000-4000-8000-000000000000',
      ),
      headers,
      ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
    });
  const routesAt = (level: Assurance) => t.routes.filter((route) => route.assurance === level);

  it('every /api route declares the level the catalogue names', () => {
    const differences = t.routes
      .map((route) => ({
        route: keyOf(route),
        declared: route.assurance,
        catalogue: expectedLevel(keyOf(route), route.url),
      }))
      .filter((row) => row.declared !== row.catalogue);
    expect(differences).toEqual([]);
    for (const route of t.routes) expect(ASSURANCES).toContain(route.assurance);
    // Nothing listed that the app no longer has.
    const keys = new Set(t.routes.map(keyOf));
    expect(Object.keys(LISTED_LEVELS).filter((key) => !keys.has(key))).toEqual([]);
  });

  it('no write that changes how someone signs in is open to any session (or, for staff, a token)', () => {
    const weak = t.routes
      .filter((route) => route.method !== 'GET' && IDENTITY.test(route.url))
      .filter((route) => !NOT_STRONG.has(keyOf(route)))
      .filter((route) => !STRONG.has(route.assurance!))
      .map(keyOf);
    expect(weak).toEqual([]);
    expect(
      routesAt('staff-session').length + routesAt('staff-recent').length,
    ).toBeGreaterThanOrEqual(13);
  });

  it('refuses to start with an /api route that declares nothing', async () => {
    const db = await createTestDatabase();
    const app = await buildApp(testConfig(db.dataDir, { databaseUrl: db.databaseUrl }), {
      database: db.database,
      mailWorker: false,
    });
    app.get('/api/undeclared', async () => ({}));
    await expect(app.ready()).rejects.toThrow('routes without an assurance: GET /api/undeclared');
    await app.close();
    await db.destroy();
  });

  it('a session past the mail link only reaches who-am-I, its second factor and sign-out (review N2)', async () => {
    const pending = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    const headers = { cookie: pending };
    for (const route of t.routes.filter((r) => r.assurance !== 'anonymous')) {
      const res = await probe(route, headers);
      const open = ['half-signed-in', 'adding-a-factor'].includes(route.assurance!);
      if (open) expect(res.statusCode, keyOf(route)).not.toBe(401);
      else expect([401, 403], `${keyOf(route)} ${res.body}`).toContain(res.statusCode);
    }
    // The account routes of the review: the second factor's own 401, nothing changed.
    for (const [method, url] of [
      ['PUT', '/api/auth/profile'],
      ['PUT', '/api/auth/notifications'],
      ['GET', '/api/auth/sign-ins'],
      ['POST', '/api/auth/logout-all'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers, payload: {} });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.required });
    }
    const me = await t.app.inject({ url: '/api/auth/user', headers });
    expect(me.json()).toMatchObject({ secondFactorPending: true });
  });

  it('an API token gets 403 on every staff-session and staff-recent route, and still reads (review N4)', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/staff/api-tokens',
      headers: { cookie: ctx.staffCookie },
      payload: { name: 'Leaked', scope: 'read-write', days: 30 },
    });
    const { token } = created.json<CreatedApiToken>();
    const bearer = { authorization: `Bearer ${token}` };
    for (const route of [...routesAt('staff-session'), ...routesAt('staff-recent')]) {
      const res = await probe(route, bearer);
      expect(res.statusCode, keyOf(route)).toBe(403);
      expect(res.json()).toEqual({ message: API_TOKEN_MESSAGES.sessionOnly });
    }
    const read = await t.app.inject({
      url: `/api/staff/customers/${ctx.acmeId}/sso`,
      headers: bearer,
    });
    expect(read.statusCode).toBe(200);
  });

  it('a session signed in more than 10 minutes ago cannot add a way in or change sign-in settings (review N5)', async () => {
    expect(RECENT_SIGN_IN_MS).toBe(10 * 60_000);
    const old = {
      customer: await sessionCookieFor(t.app, DEMO_USERS.acme, { minutesAgo: 11 }),
      staff: await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { minutesAgo: 11 }),
    };
    const recent = ['recent-sign-in', 'adding-a-factor', 'staff-recent'] as const;
    for (const route of recent.flatMap(routesAt)) {
      const staffOnly = route.url.includes('second-factor') || route.url.startsWith('/api/staff');
      const res = await probe(route, { cookie: staffOnly ? old.staff : old.customer });
      expect(res.statusCode, keyOf(route)).toBe(403);
      if (!route.url.includes('email/confirm')) {
        expect(res.json()).toEqual({ message: SIGN_IN_AGAIN_MESSAGE });
      }
    }
    // Nine minutes is recent: the customer may start adding a passkey.
    const fresh = await sessionCookieFor(t.app, DEMO_USERS.acme, { minutesAgo: 9 });
    const options = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration-options',
      headers: { cookie: fresh },
    });
    expect(options.statusCode, options.body).toBe(200);
  });
});
