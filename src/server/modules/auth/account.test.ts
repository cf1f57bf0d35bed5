import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notificationPreferences, users } from '../../db/schema.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';
const SAM = 'sam.rivera@globex-retail.example';

describe('the signed-in account', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    cookie = await sessionCookieFor(t.app, JORDAN);
  });
  afterAll(() => t.close());

  const put = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'PUT',
      url,
      payload: payload as object,
      headers: { cookie, ...headers },
    });

  it('answers 401 Unauthorized when signed out', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/user'],
      ['PUT', '/api/auth/profile'],
      ['PUT', '/api/auth/notifications'],
      ['POST', '/api/auth/logout-all'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('returns the user with companies, preferences and the previous sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Lee',
      email: JORDAN,
      customers: [{ name: 'Acme Logistics' }],
      notificationPreferences: {
        emailInvoices: true,
        emailProjects: true,
        emailTickets: true,
        emailMaintenance: false,
        smsUrgent: true,
        smsTickets: false,
      },
    });
    expect(res.json()).toHaveProperty('previousSignInAt');
  });

  it('validates the profile with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ firstName: ' ', lastName: 'Lee', email: JORDAN }, 'First name is required'],
      [{ firstName: 'Jordan', lastName: '', email: JORDAN }, 'Last name is required'],
      [{ firstName: 'Jordan', lastName: 'Lee', email: 'nope' }, 'Valid email is required'],
      [{ firstName: 'Jordan', lastName: 'Lee' }, 'Valid email is required'],
    ];
    for (const [body, message] of cases) {
      const res = await put('/api/auth/profile', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
  });

  it('saves the names at once; a new address, taken or not, waits for confirmation (issue 13)', async () => {
    const taken = await put('/api/auth/profile', {
      firstName: 'Jordan',
      lastName: 'Lee',
      email: SAM.toUpperCase(),
    });
    expect(taken.statusCode).toBe(200);
    expect(taken.json()).toMatchObject({ email: JORDAN, pendingEmail: SAM.toUpperCase() });
    const res = await put('/api/auth/profile', {
      firstName: ' Jordan ',
      lastName: 'Lee-Park',
      email: JORDAN,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'Jordan',
      lastName: 'Lee-Park',
      email: JORDAN,
      pendingEmail: null,
    });
    const [row] = await t.app.db.select().from(users).where(eq(users.email, JORDAN));
    expect(row?.lastName).toBe('Lee-Park');
  });

  it('saves the six notification switches, all required', async () => {
    const prefs = {
      emailInvoices: false,
      emailProjects: true,
      emailTickets: false,
      emailMaintenance: true,
      smsUrgent: false,
      smsTickets: true,
    };
    const missing = await put('/api/auth/notifications', { ...prefs, smsTickets: undefined });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/boolean/i);
    const wrongType = await put('/api/auth/notifications', { ...prefs, smsUrgent: 'yes' });
    expect(wrongType.statusCode).toBe(400);
    const res = await put('/api/auth/notifications', prefs);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(prefs);
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.json().notificationPreferences).toEqual(prefs);
    const rows = await t.app.db.select().from(notificationPreferences);
    expect(rows.filter((r) => r.emailMaintenance && r.smsTickets && !r.smsUrgent)).toHaveLength(1);
  });

  it('refuses a form-encoded body on a JSON endpoint (415) and a cross-site write (403)', async () => {
    const form = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'firstName=Eve&lastName=Evil&email=eve%40evil.example',
    });
    expect(form.statusCode).toBe(415);
    expect(form.json()).toEqual({ message: 'Unsupported content type' });
    const crossSite = await put(
      '/api/auth/profile',
      { firstName: 'Eve', lastName: 'Evil', email: 'eve@evil.example' },
      { 'sec-fetch-site': 'cross-site' },
    );
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json()).toEqual({ message: 'Cross-site request refused' });
    const crossOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { cookie, origin: 'https://evil.example' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, JORDAN));
    expect(row?.firstName).toBe('Jordan');
  });

  it('logout-all ends the sessions of two different cookie jars, and only that user’s', async () => {
    const laptop = await sessionCookieFor(t.app, JORDAN);
    const phone = await sessionCookieFor(t.app, JORDAN);
    const sam = await sessionCookieFor(t.app, SAM);
    const me = (c: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: c } });
    expect((await me(phone)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout-all',
      headers: { cookie: laptop },
    });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(sam)).statusCode).toBe(200);
  });
});
