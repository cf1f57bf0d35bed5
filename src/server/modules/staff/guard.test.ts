import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { listRoutes, type RouteEntry } from '../../test/list-routes.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

/** A concrete URL for a route pattern: any id will do, the guard answers before the handler. */
const concrete = (url: string) =>
  url
    .replace(':ticketId', 'TK-1001')
    .replace(':kind', 'contact')
    .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');

describe('every /api/staff route', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let routes: RouteEntry[];
  beforeAll(async () => {
    routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/staff/'));
  });

  const call = (r: RouteEntry, cookie?: string) =>
    t.app.inject({
      method: r.method as InjectOptions['method'],
      url: concrete(r.url),
      headers: cookie ? { cookie } : {},
      ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: {} }),
    });

  it('is found by the route listing (the guard tests below cover them all)', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes).toContainEqual({ method: 'POST', url: '/api/staff/tickets/:ticketId/replies' });
  });

  it('answers 401 to a signed-out caller', async () => {
    for (const r of routes) {
      const res = await call(r);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it('answers 403 to a signed-in customer user', async () => {
    for (const r of routes) {
      const res = await call(r, ctx.customerCookie);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      if (r.method !== 'HEAD') expect(res.json()).toEqual({ message: 'Forbidden' });
    }
  });

  it('lets a staff member through', async () => {
    for (const r of routes.filter((x) => x.method === 'GET')) {
      const res = await call(r, ctx.staffCookie);
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(403);
      expect(res.statusCode, `${r.method} ${r.url}`).toBeLessThan(500);
    }
  });
});
