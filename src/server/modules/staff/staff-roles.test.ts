import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL, DEMO_STAFF_ROLES, DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import {
  LAST_ADMIN_MESSAGE,
  STAFF_NO_ACCESS_MESSAGE,
  STAFF_ROLE_MESSAGE,
} from '../../../shared/staff-permissions.ts';

// Issue 38 item 7 (ADR 058): an admin gives roles; the workspace never runs out of admins.
describe('staff roles', () => {
  const t = useStaffTestApp();
  const idOf = async (email: string) => {
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };
  const roleUrl = async (email: string) => `/api/staff/staff-members/${await idOf(email)}/role`;
  const [agent, billing] = DEMO_STAFF_ROLES;

  it('tells staff their role in who-am-I, and customers nothing new', async () => {
    const staff = await t.request('GET', '/api/auth/user');
    expect(staff.json()).toMatchObject({ role: 'staff', staffRole: 'admin' });
    const customer = await t.request('GET', '/api/auth/user', undefined, t.ctx.customerCookie);
    expect(customer.json()).not.toHaveProperty('staffRole');
  });

  it('lists each staff member with their role', async () => {
    const res = await t.request('GET', '/api/staff/staff-members');
    expect(res.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ email: DEMO_STAFF_EMAIL, role: 'admin' }),
        expect.objectContaining({ email: agent.email, role: 'agent' }),
      ]),
    );
  });

  it('refuses to demote the last admin, themself included, and changes nothing', async () => {
    const res = await t.request('PUT', await roleUrl(DEMO_STAFF_EMAIL), { role: 'agent' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
    expect((await t.request('GET', '/api/auth/user')).json()).toMatchObject({
      staffRole: 'admin',
    });
  });

  it("changes a role, and the changed member's next request has it", async () => {
    const agentCookie = await sessionCookieFor(t.app, agent.email);
    expect((await t.request('GET', '/api/staff/tickets', undefined, agentCookie)).statusCode).toBe(
      200,
    );
    const res = await t.request('PUT', await roleUrl(agent.email), { role: 'billing' });
    expect(res.json()).toEqual({ id: await idOf(agent.email), role: 'billing' });
    const refused = await t.request('GET', '/api/staff/tickets', undefined, agentCookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: STAFF_NO_ACCESS_MESSAGE });
  });

  it('lets the last admin step down once another admin exists', async () => {
    await t.request('PUT', await roleUrl(billing.email), { role: 'admin' });
    const res = await t.request('PUT', await roleUrl(DEMO_STAFF_EMAIL), { role: 'read-only' });
    expect(res.statusCode).toBe(200);
    // Now read-only: no more role changes, and the other admin is the last one.
    const again = await t.request('PUT', await roleUrl(billing.email), { role: 'agent' });
    expect(again.statusCode).toBe(403);
    const other = await sessionCookieFor(t.app, billing.email);
    const last = await t.request('PUT', await roleUrl(billing.email), { role: 'agent' }, other);
    expect(last.json()).toEqual({ message: LAST_ADMIN_MESSAGE });
    await t.request('PUT', await roleUrl(DEMO_STAFF_EMAIL), { role: 'admin' }, other);
  });

  it('answers 400 for an unknown role and 404 for a customer or nobody', async () => {
    const bad = await t.request('PUT', await roleUrl(agent.email), { role: 'owner' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: STAFF_ROLE_MESSAGE });
    const customer = await t.request('PUT', await roleUrl(DEMO_USERS.acme), { role: 'admin' });
    expect(customer.statusCode).toBe(404);
    const nobody = await t.request(
      'PUT',
      '/api/staff/staff-members/00000000-0000-4000-8000-000000000000/role',
      { role: 'admin' },
    );
    expect(nobody.statusCode).toBe(404);
  });

  it('keeps one admin when two admins demote each other at once', async () => {
    await t.request('PUT', await roleUrl(billing.email), { role: 'admin' });
    const other = await sessionCookieFor(t.app, billing.email);
    const [a, b] = await Promise.all([
      t.request('PUT', await roleUrl(billing.email), { role: 'agent' }),
      t.request('PUT', await roleUrl(DEMO_STAFF_EMAIL), { role: 'agent' }, other),
    ]);
    // The loser is refused either by the lock (409) or, already demoted when its guard ran
    // again after the body, by its new role (403): never both through.
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes[0]).toBe(200);
    expect([403, 409]).toContain(codes[1]);
    const admins = await t.app.db.select().from(users).where(eq(users.staffRole, 'admin'));
    expect(admins).toHaveLength(1);
  });

  it('refuses a staff row without a role, and a customer with one, in the database', async () => {
    await expect(
      t.app.db
        .insert(users)
        .values({ email: 'norole@example.com', firstName: 'No', lastName: 'Role', role: 'staff' }),
    ).rejects.toThrow();
    await expect(
      t.app.db.insert(users).values({
        email: 'cust@example.com',
        firstName: 'Cu',
        lastName: 'St',
        staffRole: 'admin',
      }),
    ).rejects.toThrow();
  });
});
