import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { customerUsers, sessions, users } from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

describe('companies and their users', () => {
  const t = useStaffTestApp({ smtpSink: true });
  const { ctx } = t;

  const staff = t.request;

  it('creates and edits a company, with messages under the fields for bad input', async () => {
    const bad = await staff('POST', '/api/staff/customers', { name: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Company name is required' });
    const created = await staff('POST', '/api/staff/customers', {
      name: 'Initech',
      email: 'it@initech.example',
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as string;
    const edited = await staff('PUT', `/api/staff/customers/${id}`, {
      name: 'Initech LLC',
      email: '',
      address: '1 Main St',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Initech LLC', email: null, address: '1 Main St' });
    const missing = await staff(
      'PUT',
      `/api/staff/customers/00000000-0000-4000-8000-000000000000`,
      {
        name: 'X',
      },
    );
    expect(missing.statusCode).toBe(404);
  });

  it('invites a new user: creates them, links the company and mails a sign-in link', async () => {
    const res = await staff('POST', `/api/staff/customers/${ctx.globexId}/users`, {
      email: 'Casey.Morgan@Globex-Retail.example',
      firstName: 'Casey',
      lastName: 'Morgan',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      created: true,
      user: { firstName: 'Casey', lastName: 'Morgan', active: true, position: 0 },
    });
    await t.app.mail.flush();
    const [mail] = t.sink.mailsTo('casey.morgan@globex-retail.example');
    expect(mail?.subject).toBe("You're invited to the Meridian IT Services customer portal");
    expect(mail?.text).toContain('customer portal for Globex Retail');
    expect(mail?.text).toContain(
      'http://localhost:3000/api/login?email=Casey.Morgan%40Globex-Retail.example',
    );
    const cookie = await sessionCookieFor(t.app, 'casey.morgan@globex-retail.example');
    const me = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    // Issue 18: Globex has an admin already, so the invited user starts as a member.
    expect(me.json().customers).toEqual([
      { id: ctx.globexId, name: 'Globex Retail', role: 'member' },
    ]);
    expect(me.json().role).toBe('customer');
  });

  it('needs names only for a new address', async () => {
    const res = await staff('POST', `/api/staff/customers/${ctx.globexId}/users`, {
      email: 'nobody@globex-retail.example',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'First and last name are required for a new user' });
  });

  it('links an existing user to a second company after their first, once staff confirm', async () => {
    const asked = await staff('POST', `/api/staff/customers/${ctx.globexId}/users`, {
      email: DEMO_USERS.acme,
    });
    expect(asked.statusCode).toBe(409);
    expect(asked.json().owner).toEqual({ name: 'Jordan Lee', companies: ['Acme Logistics'] });
    const res = await staff('POST', `/api/staff/customers/${ctx.globexId}/users`, {
      email: DEMO_USERS.acme,
      confirmOtherCompany: true,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      created: false,
      user: { firstName: 'Jordan', position: 1 },
    });
    const me = await t.app.inject({
      url: '/api/auth/user',
      headers: { cookie: ctx.customerCookie },
    });
    expect(me.json().customers.map((c: { name: string }) => c.name)).toEqual([
      'Acme Logistics',
      'Globex Retail',
    ]);
    const again = await staff('POST', `/api/staff/customers/${ctx.globexId}/users`, {
      email: DEMO_USERS.acme,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This user already belongs to this company' });
    const staffLink = await staff('POST', `/api/staff/customers/${ctx.globexId}/users`, {
      email: DEMO_STAFF_EMAIL,
    });
    expect(staffLink.statusCode).toBe(409);
  });

  it("lists the company's users (a paged list of its own, issue 20)", async () => {
    const res = await staff('GET', `/api/staff/customers/${ctx.globexId}/users`);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([DEMO_USERS.acme, DEMO_USERS.globex]),
    );
  });

  it('deactivates a user: their open session is refused at once', async () => {
    const cookie = await sessionCookieFor(t.app, DEMO_USERS.globex);
    const before = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(before.statusCode).toBe(200);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.globex));
    const res = await staff('PATCH', `/api/staff/users/${user!.id}`, { active: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: user!.id, active: false });
    const after = await t.app.inject({ url: '/api/auth/user', headers: { cookie } });
    expect(after.statusCode).toBe(401);
    expect(await t.app.db.select().from(sessions).where(eq(sessions.userId, user!.id))).toEqual([]);
    const reinvite = await staff('POST', `/api/staff/customers/${ctx.acmeId}/users`, {
      email: DEMO_USERS.globex,
    });
    expect(reinvite.statusCode).toBe(409);
    expect(
      await t.app.db
        .select()
        .from(customerUsers)
        .where(and(eq(customerUsers.userId, user!.id), eq(customerUsers.customerId, ctx.acmeId))),
    ).toEqual([]);
  });

  it('does not let a staff member deactivate themselves', async () => {
    const [me] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    const res = await staff('PATCH', `/api/staff/users/${me!.id}`, { active: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot deactivate your own account' });
  });
});
