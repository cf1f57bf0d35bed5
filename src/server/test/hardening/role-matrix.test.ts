import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUsers, tickets, ticketWatchers, users } from '../../db/schema.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { can, companyRoles, seesTicket, type CompanyRole } from '../../../shared/permissions.ts';
import {
  createCatalogedApp,
  fillPath,
  hasBody,
  isCustomerRoute,
  rowCounts,
  tenants,
  type ApiRoute,
  type Tenant,
  validCustomerBody,
} from './api-catalog.ts';

type Cataloged = Awaited<ReturnType<typeof createCatalogedApp>>;
type Kind = { own: boolean; private: boolean };
const kinds: Kind[] = [
  { own: true, private: false },
  { own: true, private: true },
  { own: false, private: false },
  { own: false, private: true },
];

/**
 * Issue 18: every customer route x the four roles x own and other company, and every role x
 * own/others' x private/non-private tickets, generated from the permissions table. A new
 * route (it must name a permission) or a new role is covered without editing this file.
 */
describe('role matrix', () => {
  let t: Cataloged;
  let a: Tenant;
  let b: Tenant;
  const cookie = new Map<CompanyRole, string>();
  const userId = new Map<CompanyRole, string>();
  /** `${viewer role}:${own}:${private}` -> a ticket id of company A. */
  const ticketOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
    ({ a, b } = await tenants(t.app.db));
    for (const role of companyRoles) {
      const [user] = await t.app.db
        .insert(users)
        .values({ email: `${role}@matrix.example`, firstName: role, lastName: 'Matrix' })
        .returning({ id: users.id });
      if (!user) throw new Error('user not created');
      await t.app.db
        .insert(customerUsers)
        .values({ userId: user.id, customerId: a.customerId, role });
      userId.set(role, user.id);
      cookie.set(role, await sessionCookieFor(t.app, `${role}@matrix.example`));
    }
    // Each role's own tickets, and one "other" author (a member) for the others'.
    const [other] = await t.app.db
      .insert(users)
      .values({ email: 'author@matrix.example', firstName: 'Other', lastName: 'Author' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: other!.id, customerId: a.customerId, role: 'member' });
    for (const role of companyRoles)
      for (const kind of kinds) {
        const [row] = await t.app.db
          .insert(tickets)
          .values({
            customerId: a.customerId,
            subject: `${role} ${JSON.stringify(kind)}`,
            description: 'matrix',
            category: 'Hardware',
            department: 'IT Support',
            private: kind.private,
            createdByUserId: kind.own ? userId.get(role)! : other!.id,
          })
          .returning({ id: tickets.id });
        ticketOf.set(`${role}:${kind.own}:${kind.private}`, row!.id);
      }
  });
  afterAll(() => t.close());

  const send = (route: ApiRoute, url: string, role: CompanyRole) =>
    t.app.inject({
      method: route.method as 'GET',
      url,
      headers: { cookie: cookie.get(role)! },
      ...(hasBody(route) ? { payload: validCustomerBody(route) } : {}),
    });

  const urlFor = async (route: ApiRoute, owner: Tenant, role: CompanyRole) => {
    const ids = new Map<string, string>();
    for (const m of route.url.matchAll(/:(\w+)/g)) {
      const name = m[1] ?? '';
      // A ticket the role sees, so a refusal can only come from the permission.
      const id =
        name === 'ticketId' && owner === a
          ? ticketOf.get(`${role}:true:false`)!
          : await owner.idFor(name);
      ids.set(name, id);
    }
    return fillPath(route.url, (name) => ids.get(name) ?? '');
  };

  it('every company route names a permission', () => {
    const routes = t.routes.filter(isCustomerRoute);
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter((r) => !r.permission).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  });

  it('lets each role through exactly the routes its permissions allow, in its own company', async () => {
    const failures: string[] = [];
    for (const role of companyRoles)
      for (const route of t.routes.filter(isCustomerRoute)) {
        const allowed = can(role, route.permission!);
        const before = allowed ? null : await rowCounts(t.app.db);
        const res = await send(route, await urlFor(route, a, role), role);
        const refused = res.statusCode === 403;
        if (refused !== !allowed || res.statusCode >= 500)
          failures.push(`${role} ${route.method} ${route.url} -> ${res.statusCode}`);
        if (refused && !res.json<{ message?: string }>().message)
          failures.push(`${role} ${route.method} ${route.url}: 403 without a message`);
        if (before && JSON.stringify(await rowCounts(t.app.db)) !== JSON.stringify(before))
          failures.push(`${role} ${route.method} ${route.url} changed rows`);
        // Every role may leave (review N3): back in, for the routes that follow.
        if (route.url.endsWith('/membership') && res.statusCode === 204)
          await t.app.db
            .insert(customerUsers)
            .values({ userId: userId.get(role)!, customerId: a.customerId, role });
      }
    expect(failures).toEqual([]);
  });

  it('refuses every role on every route of another company, and changes nothing', async () => {
    const before = await rowCounts(t.app.db);
    const failures: string[] = [];
    for (const role of companyRoles)
      for (const route of t.routes.filter(isCustomerRoute)) {
        const res = await send(route, await urlFor(route, b, role), role);
        if (res.statusCode !== 403)
          failures.push(`${role} ${route.method} ${route.url} -> ${res.statusCode}`);
      }
    expect(failures).toEqual([]);
    expect(await rowCounts(t.app.db)).toEqual(before);
  });

  it('shows and lets reply to exactly the tickets seesTicket allows, private or not', async () => {
    const failures: string[] = [];
    for (const role of companyRoles) {
      const list = await t.app.inject({
        url: `/api/customers/${a.customerId}/tickets`,
        headers: { cookie: cookie.get(role)! },
      });
      const listed = new Set(list.json<{ id: string }[]>().map((x) => x.id));
      for (const viewerRole of companyRoles)
        for (const kind of kinds) {
          const id = ticketOf.get(`${viewerRole}:${kind.own}:${kind.private}`)!;
          // A ticket of another role's set is "own" only when that role wrote it.
          const own = viewerRole === role && kind.own;
          const sees = seesTicket(role, { own, private: kind.private });
          if (listed.has(id) !== sees)
            failures.push(`${role} list ${id} ${JSON.stringify({ own, private: kind.private })}`);
          const reply = await t.app.inject({
            method: 'POST',
            url: `/api/customers/${a.customerId}/tickets/${id}/replies`,
            headers: { cookie: cookie.get(role)! },
            payload: { message: 'matrix' },
          });
          if (reply.statusCode !== (sees ? 201 : 404))
            failures.push(`${role} reply ${id} -> ${reply.statusCode}`);
        }
    }
    expect(failures).toEqual([]);
  });

  it("shows a watched ticket to exactly the roles seesTicket's `watching` allows (issue 17)", async () => {
    const failures: string[] = [];
    for (const role of companyRoles)
      for (const isPrivate of [false, true])
        await t.app.db.insert(ticketWatchers).values({
          ticketId: ticketOf.get(`${role}:false:${isPrivate}`)!,
          userId: userId.get(role)!,
        });
    for (const role of companyRoles) {
      const list = await t.app.inject({
        url: `/api/customers/${a.customerId}/tickets`,
        headers: { cookie: cookie.get(role)! },
      });
      const listed = new Set(list.json<{ id: string }[]>().map((x) => x.id));
      for (const isPrivate of [false, true]) {
        const id = ticketOf.get(`${role}:false:${isPrivate}`)!;
        const sees = seesTicket(role, { own: false, private: isPrivate, watching: true });
        if (listed.has(id) !== sees) failures.push(`${role} watching ${id} private=${isPrivate}`);
      }
    }
    await t.app.db.delete(ticketWatchers);
    expect(failures).toEqual([]);
  });

  it('leaves out of the activity feed the events the role may not see', async () => {
    const needs = { payment: 'invoices', milestone: 'projects', ticket: 'allTickets' } as const;
    const failures: string[] = [];
    for (const role of companyRoles) {
      const res = await t.app.inject({
        url: `/api/customers/${a.customerId}/activities`,
        headers: { cookie: cookie.get(role)! },
      });
      const types = new Set(res.json<{ type: string }[]>().map((x) => x.type));
      for (const [type, permission] of Object.entries(needs))
        if (types.has(type) !== can(role, permission))
          failures.push(`${role} ${type}: ${types.has(type) ? 'shown' : 'missing'}`);
    }
    expect(failures).toEqual([]);
  });
});
