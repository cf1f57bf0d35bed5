import Fastify, { type FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { requireStaffAreaDeclared, staffArea } from '../../plugins/session/staff-area.ts';
import { DEMO_STAFF_EMAIL, DEMO_STAFF_ROLES } from '../../seed/demo.ts';
import { createApiToken } from '../../services/api-tokens.ts';
import {
  accessOf,
  STAFF_NO_ACCESS_MESSAGE,
  staffAreas,
  staffCan,
  staffRoles,
  type StaffRole,
} from '../../../shared/staff-permissions.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { staffTestContext } from '../staff-context.ts';
import {
  createCatalogedApp,
  fillPath,
  hasBody,
  isStaffRoute,
  rowCounts,
  type ApiRoute,
} from './api-catalog.ts';

const NOBODY = '00000000-0000-4000-8000-000000000000';
const emailOf: Record<StaffRole, string> = {
  admin: DEMO_STAFF_EMAIL,
  ...(Object.fromEntries(DEMO_STAFF_ROLES.map((m) => [m.staffRole, m.email])) as Record<
    Exclude<StaffRole, 'admin'>,
    string
  >),
};

/**
 * Issue 38 item 7 (ADR 058): every staff route x the four staff roles, generated from the
 * table in src/shared/staff-permissions.ts. A new staff route must name an area (the app does
 * not start otherwise) and is covered here without editing this file.
 */
describe('staff role matrix', () => {
  let t: Awaited<ReturnType<typeof createCatalogedApp>>;
  let acmeId: string;
  const cookie = new Map<StaffRole, string>();
  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
    ({ acmeId } = await staffTestContext(t.app));
    for (const role of staffRoles) cookie.set(role, await sessionCookieFor(t.app, emailOf[role]));
  });
  afterAll(() => t.close());

  const staffRoutes = () => t.routes.filter(isStaffRoute);
  const send = (route: ApiRoute, headers: Record<string, string>) =>
    t.app.inject({
      method: route.method as 'GET',
      url: fillPath(route.url, (name) => (name === 'customerId' ? acmeId : NOBODY)),
      headers,
      ...(hasBody(route) ? { payload: {} } : {}),
    });

  it('every staff route names an area of the table', () => {
    expect(staffRoutes().length).toBeGreaterThan(50);
    const unnamed = staffRoutes().filter((r) => !r.staffArea || !(r.staffArea in staffAreas));
    expect(unnamed.map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('refuses each role exactly where the table says, with a message, and changes nothing', async () => {
    const failures: string[] = [];
    for (const role of staffRoles)
      for (const route of staffRoutes()) {
        const allowed = staffCan(role, route.staffArea!, accessOf(route.method));
        const before = allowed ? null : await rowCounts(t.app.db);
        const res = await send(route, { cookie: cookie.get(role)! });
        const refused =
          res.statusCode === 403 &&
          res.json<{ message?: string }>().message === STAFF_NO_ACCESS_MESSAGE;
        const name = `${role} ${route.method} ${route.url} -> ${res.statusCode}`;
        if (refused === allowed || res.statusCode >= 500) failures.push(name);
        if (before && JSON.stringify(await rowCounts(t.app.db)) !== JSON.stringify(before))
          failures.push(`${name} changed rows`);
      }
    expect(failures).toEqual([]);
  });

  it("lets an API token act as its user's role, never more", async () => {
    const [agent] = await t.app.db
      .select({ id: users.id, email: users.email })
      .from(users)
      .where(eq(users.email, emailOf.agent));
    const { token } = await t.app.write((tx) =>
      createApiToken(
        tx,
        { id: agent!.id, name: 'Avery Quinn', email: agent!.email },
        {
          name: 'matrix',
          scope: 'read-write',
          days: 1,
        },
      ),
    );
    const bearer = { authorization: `Bearer ${token}` };
    const tokenRoutes = staffRoutes().filter((r) => r.assurance === 'staff');
    const failures: string[] = [];
    for (const route of tokenRoutes) {
      const res = await send(route, bearer);
      const refused =
        res.statusCode === 403 &&
        res.json<{ message?: string }>().message === STAFF_NO_ACCESS_MESSAGE;
      if (refused === staffCan('agent', route.staffArea!, accessOf(route.method)))
        failures.push(`${route.method} ${route.url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(tokenRoutes.some((r) => !staffCan('agent', r.staffArea!, accessOf(r.method)))).toBe(
      true,
    );
  });
});

describe('a staff route without an area', () => {
  it('stops the app from starting', async () => {
    const app = Fastify();
    requireStaffAreaDeclared(app);
    await app.register(
      async (scope) => {
        scope.get('/named', { config: { staffArea: 'helpdesk' } }, async () => 'ok');
        scope.get('/unnamed', async () => 'ok');
      },
      { prefix: '/api/staff' },
    );
    await expect(app.ready()).rejects.toThrow(
      'staff routes without an area: GET /api/staff/unnamed',
    );
  });

  it("takes its scope's area unless it names its own", async () => {
    const app = Fastify();
    const areaOf = async (request: FastifyRequest) => request.routeOptions.config.staffArea;
    await app.register(async (scope) => {
      staffArea(scope, 'helpdesk');
      scope.get('/default', areaOf);
      scope.get('/own', { config: { staffArea: 'auditLogs' } }, areaOf);
    });
    expect((await app.inject('/default')).body).toBe('helpdesk');
    expect((await app.inject('/own')).body).toBe('auditLogs');
  });
});
