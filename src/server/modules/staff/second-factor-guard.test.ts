import type { InjectOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_EMAIL } from '../../seed/demo.ts';
import { listRoutes, type RouteEntry } from '../../test/list-routes.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/second-factor.ts';

const concrete = (url: string) =>
  url
    .replace(':ticketId', 'TK-1001')
    .replace(':kind', 'contact')
    .replace(/:[a-zA-Z]+/g, '00000000-0000-4000-8000-000000000000');

// Issue 19: the route catalogue proves the second factor guards every staff route.
describe('every /api/staff route and the second factor', () => {
  const t = useStaffTestApp();
  let routes: RouteEntry[];
  let firstStepOnly: string;
  let bothFactors: string;
  beforeAll(async () => {
    routes = listRoutes(t.app).filter((r) => r.url.startsWith('/api/staff/'));
    firstStepOnly = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    bothFactors = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL);
  });

  const call = (r: RouteEntry, cookie: string) =>
    t.app.inject({
      method: r.method as InjectOptions['method'],
      url: concrete(r.url),
      headers: { cookie },
      ...(r.method === 'GET' || r.method === 'HEAD' ? {} : { payload: {} }),
    });

  it('answers 401 with the second-factor message to a staff session past the mail link only', async () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes).toContainEqual({
      method: 'POST',
      url: '/api/staff/staff-members/:userId/second-factor/reset',
    });
    for (const r of routes) {
      const res = await call(r, firstStepOnly);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      if (r.method !== 'HEAD') {
        expect(res.json(), `${r.method} ${r.url}`).toEqual({
          message: SECOND_FACTOR_MESSAGES.required,
        });
      }
      // The session stays: it is the one the second factor completes.
      expect(res.headers['set-cookie'], `${r.method} ${r.url}`).toBeUndefined();
    }
  });

  it('does not answer 401 to a staff session past both factors', async () => {
    for (const r of routes) {
      const res = await call(r, bothFactors);
      expect(res.statusCode, `${r.method} ${r.url}`).not.toBe(401);
    }
  });
});
