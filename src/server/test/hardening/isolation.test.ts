import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieFor } from '../sign-in.ts';
import {
  createCatalogedApp,
  fillPath,
  hasBody,
  isCustomerRoute,
  isStaffRoute,
  rowCounts,
  STAFF_EMAIL,
  tenants,
  type ApiRoute,
  type Tenant,
  validCustomerBody,
} from './api-catalog.ts';

type Cataloged = Awaited<ReturnType<typeof createCatalogedApp>>;

/** Every customer route and method, tried by company A's user on company B's data. */
describe('tenant isolation matrix', () => {
  let t: Cataloged;
  let a: Tenant;
  let b: Tenant;
  let cookieA: string;
  let cookieStaff: string;

  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
    ({ a, b } = await tenants(t.app.db));
    cookieA = await sessionCookieFor(t.app, a.email);
    cookieStaff = await sessionCookieFor(t.app, STAFF_EMAIL);
  });
  afterAll(() => t.close());

  const send = async (route: ApiRoute, url: string, cookie?: string) =>
    t.app.inject({
      method: route.method as 'GET',
      url,
      headers: cookie ? { cookie } : {},
      ...(hasBody(route) ? { payload: validCustomerBody(route) } : {}),
    });

  /** Fills every parameter with the given company's ids (customerId included). */
  const urlFor = async (route: ApiRoute, owner: Tenant, customerId = owner.customerId) => {
    const ids = new Map<string, string>();
    for (const m of route.url.matchAll(/:(\w+)/g)) {
      const name = m[1] ?? '';
      ids.set(name, name === 'customerId' ? customerId : await owner.idFor(name));
    }
    return fillPath(route.url, (name) => ids.get(name) ?? '');
  };

  it('finds the API through the app itself', () => {
    expect(t.routes.some((r) => r.method === 'GET' && r.url === '/api/auth/user')).toBe(true);
    expect(t.routes.some((r) => r.method === 'GET' && r.url === '/api/health')).toBe(true);
  });

  it("refuses company A's user on every route of company B, and changes nothing", async () => {
    const before = await rowCounts(t.app.db);
    const failures: string[] = [];
    for (const route of t.routes.filter(isCustomerRoute)) {
      const url = await urlFor(route, b);
      const res = await send(route, url, cookieA);
      if (res.statusCode !== 403) failures.push(`${route.method} ${url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it("refuses B's tickets, sites, documents... under A's own company id", async () => {
    const before = await rowCounts(t.app.db);
    const failures: string[] = [];
    const nested = t.routes.filter((r) => isCustomerRoute(r) && /:customerId\/.*:\w+/.test(r.url));
    for (const route of nested) {
      const url = await urlFor(route, b, a.customerId);
      const res = await send(route, url, cookieA);
      if (res.statusCode !== 404 && res.statusCode !== 403)
        failures.push(`${route.method} ${url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('answers 401 to a visitor on every customer, staff and profile route', async () => {
    const failures: string[] = [];
    const guarded = t.routes.filter(
      (r) => isCustomerRoute(r) || isStaffRoute(r) || r.url === '/api/auth/user',
    );
    for (const route of guarded) {
      const url = await urlFor(route, a);
      const res = await send(route, url);
      if (res.statusCode !== 401) failures.push(`${route.method} ${url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });

  it('refuses a customer on every staff route, and lets staff through the guard', async () => {
    const before = await rowCounts(t.app.db);
    const failures: string[] = [];
    for (const route of t.routes.filter(isStaffRoute)) {
      const url = await urlFor(route, b);
      const res = await send(route, url, cookieA);
      if (res.statusCode !== 403) failures.push(`${route.method} ${url} -> ${res.statusCode}`);
      const staff = await send(route, url, cookieStaff);
      if (staff.statusCode === 401 || staff.statusCode === 403)
        failures.push(`staff ${route.method} ${url} -> ${staff.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it("refuses a malformed or unknown company id with 404, not another company's data", async () => {
    for (const route of t.routes.filter(isCustomerRoute)) {
      for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
        const url = fillPath(route.url, (name) => (name === 'customerId' ? id : 'x'));
        const res = await send(route, url, cookieA);
        expect([403, 404], `${route.method} ${url}`).toContain(res.statusCode);
      }
    }
  });
});
