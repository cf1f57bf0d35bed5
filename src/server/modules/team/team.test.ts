import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, customerUsers, mailOutbox, users } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { rowCounts } from '../../test/hardening/api-catalog.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Invitation, TeamMember } from '../../../shared/schemas/team.ts';
import { LAST_ADMIN_MESSAGE } from '../../../shared/schemas/team.ts';
import { cookieHeader, cookiesOf, hiddenField } from '../../test/login-links.ts';
import { NO_ACCESS_MESSAGE } from '../../../shared/permissions.ts';

const STAFF = 'support@example.com';

describe('colleagues API (issue 18)', () => {
  let t: TestApp;
  let acmeId: string;
  let globexId: string;
  let admin: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 1000 });
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
    globexId = await companyIdOf(t.app, 'Globex Retail');
    admin = await sessionCookieFor(t.app, DEMO_USERS.acme);
    staff = await sessionCookieFor(t.app, STAFF);
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const team = (id = acmeId) => `/api/customers/${id}/team`;
  const jordanId = async () => {
    const [row] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme));
    return row!.id;
  };

  /** A bad request: the given 4xx with a message, and not one row changed anywhere. */
  async function refused(
    status: number,
    send: () => ReturnType<typeof call>,
    message?: string,
  ): Promise<void> {
    const before = await rowCounts(t.app.db);
    const res = await send();
    expect(res.statusCode, res.body).toBe(status);
    const body = res.json<{ message: string }>();
    expect(body.message).toBeTruthy();
    if (message) expect(body.message).toBe(message);
    expect(await rowCounts(t.app.db)).toEqual(before);
  }

  it('lists the existing user as admin, as the migration made every earlier link', async () => {
    const res = await call('GET', team(), admin);
    expect(res.statusCode).toBe(200);
    expect(res.json<TeamMember[]>()).toEqual([
      expect.objectContaining({ email: DEMO_USERS.acme, role: 'admin', active: true }),
    ]);
  });

  it('invites a colleague with a role: 202, an invitation (no membership yet), audited', async () => {
    const res = await call('POST', team(), admin, {
      email: 'casey.member@acme-logistics.example',
      role: 'member',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json<Invitation>()).toMatchObject({ role: 'member', invitedBy: 'Jordan Lee' });
    const [mail] = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'casey.member@acme-logistics.example'));
    expect(mail?.text).toContain('Acme Logistics invites you to its customer portal');
    const [audit] = await t.app.db
      .select()
      .from(auditLog)
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(audit).toMatchObject({ action: 'member.invite', customerId: acmeId });
    // Casey accepts: from now on a member.
    const token = /invitation\?token=([\w-]+)/.exec(mail!.text)![1]!;
    const page = await t.app.inject({ method: 'GET', url: `/api/auth/invitation?token=${token}` });
    const accepted = await t.app.inject({
      method: 'POST',
      url: '/api/auth/invitation',
      headers: {
        cookie: cookieHeader(cookiesOf(page)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        _csrf: hiddenField(page.body, '_csrf'),
        token,
        firstName: 'Casey',
        lastName: 'Member',
      }).toString(),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('a member cannot open the colleagues API, nor invoices; promoted, the next request can', async () => {
    const member = await sessionCookieFor(t.app, 'casey.member@acme-logistics.example');
    await refused(403, () => call('GET', team(), member), NO_ACCESS_MESSAGE);
    await refused(403, () => call('GET', `/api/customers/${acmeId}/invoices`, member));
    await refused(403, () =>
      call('POST', team(), member, {
        email: 'x@acme-logistics.example',
        role: 'admin',
      }),
    );
    const [casey] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'casey.member@acme-logistics.example'));
    const promoted = await call('PATCH', `${team()}/${casey!.id}`, admin, { role: 'billing' });
    expect(promoted.json<TeamMember>().role).toBe('billing');
    // The same session: the session cache forgot the account when the membership changed.
    // (PGlite tells the cache in process; PostgreSQL's notice arrives a moment after the write.)
    await expect
      .poll(
        async () => (await call('GET', `/api/customers/${acmeId}/invoices`, member)).statusCode,
        {
          timeout: 5000,
        },
      )
      .toBe(200);
  });

  it('refuses an unknown role with 400, changing nothing', async () => {
    const id = await jordanId();
    await refused(400, () => call('PATCH', `${team()}/${id}`, admin, { role: 'owner' }));
    await refused(400, () =>
      call('POST', team(), admin, {
        email: 'r@acme-logistics.example',
        role: 'root',
      }),
    );
  });

  it('refuses demoting or deactivating the last admin with 409, changing nothing', async () => {
    const id = await jordanId();
    await refused(
      409,
      () => call('PATCH', `${team()}/${id}`, admin, { role: 'member' }),
      LAST_ADMIN_MESSAGE,
    );
    await refused(
      409,
      () => call('PATCH', `${team()}/${id}`, admin, { active: false }),
      LAST_ADMIN_MESSAGE,
    );
    await refused(409, () =>
      call('PATCH', `/api/staff/customers/${acmeId}/members/${id}`, staff, { role: 'technical' }),
    );
  });

  it('refuses inviting into a company one is not admin of, or not in, with 403', async () => {
    await refused(403, () =>
      call('POST', team(globexId), admin, {
        email: 'z@globex-retail.example',
        role: 'admin',
      }),
    );
    await refused(403, () => call('GET', `/api/customers/${globexId}/dashboard`, admin));
  });

  it('deactivates and reactivates a colleague, each audited; a deactivated member has no access', async () => {
    const [casey] = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'casey.member@acme-logistics.example'));
    const member = await sessionCookieFor(t.app, 'casey.member@acme-logistics.example');
    const off = await call('PATCH', `${team()}/${casey!.id}`, admin, { active: false });
    expect(off.json<TeamMember>().active).toBe(false);
    await expect
      .poll(
        async () => (await call('GET', `/api/customers/${acmeId}/dashboard`, member)).statusCode,
        {
          timeout: 5000,
        },
      )
      .toBe(403);
    const on = await call('PATCH', `/api/staff/customers/${acmeId}/members/${casey!.id}`, staff, {
      active: true,
    });
    expect(on.json<TeamMember>().active).toBe(true);
    const actions = (
      await t.app.db.select().from(auditLog).where(eq(auditLog.entityId, casey!.id))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'member.accept',
        'member.role',
        'member.deactivate',
        'member.reactivate',
      ]),
    );
    const [link] = await t.app.db
      .select()
      .from(customerUsers)
      .where(eq(customerUsers.userId, casey!.id));
    expect(link).toMatchObject({ role: 'billing', active: true });
  });
});
