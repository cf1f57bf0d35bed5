import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openForm, postForm, requestLink } from '../login-links.ts';
import { createCatalogedApp, hasBody, tenants, type ApiRoute } from './api-catalog.ts';
import { callerCookies, ownUrl } from './request-context.ts';

// Issue 13, item 11: signed-in answers are private and revalidated; sign-in, token and file answers are never stored.
describe('Cache-Control of API answers', () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  let cookieFor: (r: ApiRoute) => string;
  let urlFor: (r: ApiRoute) => Promise<string>;
  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
    const { a } = await tenants(t.app.db);
    cookieFor = await callerCookies(t.app, a);
    urlFor = (r) => ownUrl(r, a);
  });
  afterAll(() => t.close());

  const STORED_NEVER = /(^|,\s*)no-store(,|$)/;
  const PRIVATE_REVALIDATED = /^private, no-cache$/;

  it('every signed-in /api answer is "private, no-cache", or no-store', async () => {
    const missing: string[] = [];
    const signedIn = t.routes.filter(
      (r) =>
        /^\/api\/(customers|staff|auth)\//.test(r.url) &&
        // Ends the session the sweep uses: checked last, below.
        r.url !== '/api/auth/logout-all',
    );
    expect(signedIn.length).toBeGreaterThan(30);
    for (const route of signedIn) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: await urlFor(route),
        headers: { cookie: cookieFor(route) },
        ...(hasBody(route) ? { payload: {} } : {}),
      });
      const value = String(res.headers['cache-control'] ?? '');
      if (!PRIVATE_REVALIDATED.test(value) && !STORED_NEVER.test(value))
        missing.push(`${route.method} ${route.url} ${res.statusCode}: "${value}"`);
    }
    expect(missing).toEqual([]);
  });

  it('GET /api/auth/user signed in is private, no-cache', async () => {
    const route = { method: 'GET', url: '/api/auth/user' };
    const res = await t.app.inject({
      ...route,
      method: 'GET',
      headers: { cookie: cookieFor(route) },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-cache');
  });

  it('sign-in pages, their redirects and file answers are no-store', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/login' });
    expect(page.headers['cache-control']).toMatch(STORED_NEVER);
    const inbox = await requestLink(t.app, 'jordan.lee@acme-logistics.example');
    expect(inbox.headers['cache-control']).toMatch(STORED_NEVER);
    const form = await openForm(t.app, '/api/login');
    const refused = await postForm(t.app, '/api/login/verify', form, { token: 'x'.repeat(43) });
    expect(refused.headers['cache-control']).toMatch(STORED_NEVER);
    const files = t.routes.filter((r) => /\/(download|pdf)$/.test(r.url));
    expect(files.length).toBeGreaterThanOrEqual(2);
    for (const route of files) {
      const res = await t.app.inject({
        method: 'GET',
        url: await urlFor(route),
        headers: { cookie: cookieFor(route) },
      });
      expect(res.statusCode, route.url).toBe(200);
      expect(res.headers['cache-control'], route.url).toMatch(STORED_NEVER);
    }
  });

  it('signing out everywhere is no-store too', async () => {
    const route = { method: 'POST', url: '/api/auth/logout-all' };
    const res = await t.app.inject({
      method: 'POST',
      url: route.url,
      headers: { cookie: cookieFor(route) },
    });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['cache-control'])).toMatch(/private, no-cache|no-store/);
  });
});
