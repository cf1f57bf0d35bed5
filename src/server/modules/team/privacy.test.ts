import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUsers, signIns, users } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { recordSignInEvent } from '../../services/sign-in-log.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const STAFF = 'support@example.com';

/** Issue 18: what one member's or one company's business must not show to others. */
describe('privacy between colleagues and companies', () => {
  let t: TestApp;
  let acmeId: string;
  let admin: string;
  let member: string;
  let colleague: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 1000 });
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
    admin = await sessionCookieFor(t.app, DEMO_USERS.acme);
    staff = await sessionCookieFor(t.app, STAFF);
    const [user] = await t.app.db
      .insert(users)
      .values({
        email: 'riley.member@acme-logistics.example',
        firstName: 'Riley',
        lastName: 'Quiet',
      })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: user!.id, customerId: acmeId, role: 'member', position: 0 });
    member = await sessionCookieFor(t.app, 'riley.member@acme-logistics.example');
    const [other] = await t.app.db
      .insert(users)
      .values({ email: 'pat.tech@acme-logistics.example', firstName: 'Pat', lastName: 'Tech' })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: other!.id, customerId: acmeId, role: 'technical', position: 0 });
    colleague = await sessionCookieFor(t.app, 'pat.tech@acme-logistics.example');
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  /** A ticket by the member, then a staff reply and a status change on it; its id. */
  async function ticketWithHistory(subject: string, isPrivate: boolean): Promise<string> {
    const created = await call('POST', `/api/customers/${acmeId}/tickets`, member, {
      subject,
      description: 'Salary question for HR only.',
      priority: 'normal',
      category: 'Hardware',
      department: 'IT Support',
      private: isPrivate,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json<{ id: string }>().id;
    const replied = await call('POST', `/api/staff/tickets/${id}/replies`, staff, {
      message: 'Looking into it.',
    });
    expect(replied.statusCode, replied.body).toBe(201);
    const closed = await call('PATCH', `/api/staff/tickets/${id}`, staff, { status: 'closed' });
    expect(closed.statusCode, closed.body).toBe(200);
    return id;
  }

  /** What a technical colleague (sees all of the company's tickets but the private ones) reads. */
  const feed = async () =>
    (await call('GET', `/api/customers/${acmeId}/activities?limit=200`, colleague)).body;

  it('a private ticket makes no activity entry: not its creation, reply, status change or number', async () => {
    const open = await ticketWithHistory('Printer toner low', false);
    const hidden = await ticketWithHistory('My salary slip is wrong', true);
    const body = await feed();
    // The control: an ordinary ticket's life is on the company's card.
    expect(body).toContain('Printer toner low');
    expect(body).toContain(`New reply on ticket ${open}`);
    expect(body).toContain(`Ticket ${open} status changed to Closed`);
    expect(body).not.toContain('My salary slip is wrong');
    expect(body).not.toContain(hidden);
    const dashboard = await call('GET', `/api/customers/${acmeId}/dashboard`, colleague);
    expect(dashboard.body).not.toContain(hidden);
    expect(dashboard.body).not.toContain('My salary slip is wrong');
  });

  it("inviting another company's user shows nothing of that company, nor their sign-ins from before", async () => {
    const [sam] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.globex));
    await recordSignInEvent(t.app.db, {
      userId: sam!.id,
      event: 'sign-in',
      method: 'link',
      userAgent: 'Mozilla/5.0 (Windows NT 10.0) Firefox/140.0',
      ip: '203.0.113.77',
    });
    const invited = await call('POST', `/api/customers/${acmeId}/team`, admin, {
      email: DEMO_USERS.globex,
      firstName: 'Someone',
      lastName: 'Else',
      role: 'member',
    });
    expect(invited.statusCode, invited.body).toBe(201);
    expect(invited.body).not.toContain('Globex Retail');
    const team = await call('GET', `/api/customers/${acmeId}/team`, admin);
    expect(team.body).not.toMatch(/Globex Retail/);

    const log = await call('GET', `/api/customers/${acmeId}/sign-ins`, admin);
    expect(log.statusCode).toBe(200);
    expect(log.body).not.toContain('203.0.113.77');
    // From now on they are a colleague: their sign-ins are the company's to see.
    await t.app.db
      .update(signIns)
      .set({ at: new Date(Date.now() - 60_000) })
      .where(eq(signIns.ip, '203.0.113.77'));
    await recordSignInEvent(t.app.db, {
      userId: sam!.id,
      event: 'sign-in',
      method: 'code',
      userAgent: null,
      ip: '198.51.100.5',
    });
    const after = await call('GET', `/api/customers/${acmeId}/sign-ins`, admin);
    expect(after.body).toContain('198.51.100.5');
    expect(after.body).not.toContain('203.0.113.77');
  });
});
