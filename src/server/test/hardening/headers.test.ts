import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestDatabase, testConfig, type TestDatabase } from '../test-app.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { createCatalogedApp, fillPath, hasBody } from './api-catalog.ts';
import {
  hstsMaxAge,
  ONE_YEAR,
  parseCsp,
  scoreHeaders,
  unsafeCspSources,
  type Headers,
} from './observatory.ts';

describe('the Observatory scoring function', () => {
  const good: Headers = {
    'content-security-policy': "default-src 'self'; object-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  };
  it('gives A+ to strict headers and fails weak ones', () => {
    expect(scoreHeaders(good, { https: false }).grade).toBe('A+');
    expect(scoreHeaders({}, { https: false }).score).toBeLessThan(60);
    const unsafeScript = {
      ...good,
      'content-security-policy': "script-src 'self' 'unsafe-inline'",
    };
    expect(scoreHeaders(unsafeScript, { https: false }).grade).not.toBe('A+');
    expect(
      scoreHeaders({ ...good, 'access-control-allow-origin': '*' }, { https: false }).score,
    ).toBe(50);
  });
  it('finds unsafe sources in every directive, the style ones the score tolerates included', () => {
    expect(unsafeCspSources(good)).toEqual([]);
    const csp = (value: string) => unsafeCspSources({ 'content-security-policy': value });
    expect(csp("style-src 'self' 'nonce-abc' 'sha256-xyz'; img-src 'self' data:")).toEqual([]);
    expect(csp("default-src 'self'; style-src 'self' 'UNSAFE-INLINE'")).toEqual([
      "style-src 'unsafe-inline'",
    ]);
    expect(csp("style-src-attr 'unsafe-hashes'; script-src https: 'unsafe-eval'")).toEqual([
      "style-src-attr 'unsafe-hashes'",
      'script-src https:',
      "script-src 'unsafe-eval'",
    ]);
    expect(csp("default-src *; img-src *; font-src 'unsafe-inline'")).toEqual([
      'default-src *',
      "font-src 'unsafe-inline'",
    ]);
  });
  it('requires HSTS and Secure cookies on https', () => {
    expect(scoreHeaders(good, { https: true }).grade).not.toBe('A+');
    const https = { ...good, 'strict-transport-security': 'max-age=63072000' };
    expect(scoreHeaders(https, { https: true }).grade).toBe('A+');
    const plainCookie = { 'set-cookie': ['sid=1; HttpOnly; SameSite=Lax'] };
    expect(scoreHeaders({ ...good, ...plainCookie }, { https: true }).score).toBe(40);
    expect(scoreHeaders({ ...https, ...plainCookie }, { https: true }).score).toBeLessThan(
      scoreHeaders(https, { https: true }).score,
    );
  });
});

for (const appUrl of ['http://localhost:3000', 'https://portal.meridian-it.example']) {
  const https = appUrl.startsWith('https:');
  describe(`headers of every API route (APP_URL=${appUrl})`, () => {
    let t: Awaited<ReturnType<typeof createCatalogedApp>>;
    let cookie: string;
    beforeAll(async () => {
      t = await createCatalogedApp({ appUrl, rateLimitScale: 1000 });
      cookie = await sessionCookieFor(t.app, 'jordan.lee@acme-logistics.example');
    });
    afterAll(() => t.close());

    it('scores A+ (100 or more) on every route, signed in and out', async () => {
      const urls = [
        ...t.routes.map((r) => ({ ...r, url: fillPath(r.url, () => 'x') })),
        { method: 'GET', url: '/api/nowhere' },
      ];
      const low: string[] = [];
      for (const route of urls) {
        for (const headers of [{}, { cookie }]) {
          const res = await t.app.inject({
            method: route.method as 'GET',
            url: route.url,
            headers,
            ...(hasBody(route) ? { payload: {} } : {}),
          });
          const s = scoreHeaders(res.headers, { https });
          if (s.score < 100)
            low.push(`${route.method} ${route.url}: ${s.score} ${JSON.stringify(s.findings)}`);
          const csp = parseCsp(String(res.headers['content-security-policy']));
          expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
          expect(unsafeCspSources(res.headers)).toEqual([]);
          expect(res.headers['x-content-type-options']).toBe('nosniff');
          if (https) expect(hstsMaxAge(res.headers)).toBeGreaterThanOrEqual(ONE_YEAR);
          else expect(res.headers['strict-transport-security']).toBeUndefined();
        }
      }
      expect(low).toEqual([]);
    });
  });
}

describe('the session cookie', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(() => tdb.destroy());

  for (const appUrl of ['http://localhost:3000', 'https://portal.meridian-it.example']) {
    it(`is HttpOnly and SameSite, and Secure with a __Host- name on https (${appUrl})`, async () => {
      const app = await buildApp(
        testConfig(tdb.dataDir, { appUrl, databaseUrl: tdb.databaseUrl }),
        {
          database: tdb.database,
          mailWorker: false,
        },
      );
      // The real plugin's setter, as sign-in calls it.
      app.get('/api/test/cookie', { config: { assurance: 'anonymous' } }, async (_req, reply) =>
        reply.setSessionCookie('raw-id').send({}),
      );
      const res = await app.inject({ method: 'GET', url: '/api/test/cookie' });
      await app.close();
      const set = String(res.headers['set-cookie']);
      expect(set).toMatch(/HttpOnly/);
      expect(set).toMatch(/SameSite=Lax/);
      const https = appUrl.startsWith('https:');
      if (https) {
        expect(set).toMatch(/^__Host-sid=/);
        expect(set).toMatch(/Secure/);
        expect(set).toMatch(/Path=\//);
        expect(set).not.toMatch(/Domain=/);
      }
      expect(scoreHeaders(res.headers, { https }).score).toBeGreaterThanOrEqual(100);
    });
  }
});
