import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cookieHeader, cookiesOf, hiddenField } from '../../test/login-links.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';

// Issue 13, item 10: another site cannot sign a user out by sending them to /api/logout.
describe('signing out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const logout = (cookie: string, fetchSite?: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}) },
    });

  it('a cross-site navigation gets a page with a Sign out button instead, and stays signed in', async () => {
    const cookie = await sessionCookieFor(t.app, JORDAN);
    const res = await logout(cookie, 'cross-site');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain('<form method="post" action="/api/logout">');
    expect(res.body).toContain('<button type="submit">Sign out</button>');
    expect(res.body).not.toContain('<script');
    expect(res.cookies.find((c) => c.name === t.app.sessionCookieName)).toBeUndefined();
    expect((await me(cookie)).statusCode).toBe(200);
  });

  // Outside attack (2026-11-29): an article's image of /api/logout signed its readers out.
  it('an image or script of this site asking for it signs nobody out', async () => {
    const cookie = await sessionCookieFor(t.app, JORDAN);
    for (const dest of ['image', 'script', 'iframe', 'empty']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/logout',
        headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': dest },
      });
      expect(res.statusCode, dest).toBe(200);
      expect(res.body).toContain('<button type="submit">Sign out</button>');
    }
    expect((await me(cookie)).statusCode).toBe(200);
    const navigated = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie, 'sec-fetch-site': 'same-origin', 'sec-fetch-dest': 'document' },
    });
    expect(navigated.statusCode).toBe(303);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('the page’s button signs out (POST with its form token)', async () => {
    const cookie = await sessionCookieFor(t.app, JORDAN);
    const page = await logout(cookie, 'cross-site');
    const withCsrf = [cookie, cookieHeader(cookiesOf(page))].join('; ');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: {
        cookie: withCsrf,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'same-origin',
      },
      payload: new URLSearchParams({ _csrf: hiddenField(page.body, '_csrf') }).toString(),
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('POST /api/logout without the form token, or from another site, signs nobody out', async () => {
    const cookie = await sessionCookieFor(t.app, JORDAN);
    const noToken = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: '_csrf=forged',
    });
    expect(noToken.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossSite.statusCode).toBe(403);
    expect((await me(cookie)).statusCode).toBe(200);
  });

  it('the app’s own link (same-origin, or typed in) still signs out at once', async () => {
    for (const fetchSite of ['same-origin', 'none', undefined]) {
      const cookie = await sessionCookieFor(t.app, JORDAN);
      const res = await logout(cookie, fetchSite);
      expect(res.statusCode, String(fetchSite)).toBe(303);
      expect(res.headers.location).toBe('/');
      expect((await me(cookie)).statusCode).toBe(401);
    }
  });
});
