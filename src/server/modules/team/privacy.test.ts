import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUsers, users } from '../../db/schema.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const STAFF = 'support@example.com';

/** Issue 18: what one member's or one company's business must not show to others. */
describe('privacy between colleagues and companies', () => {
  let t: TestApp;
  let acmeId: string;
  let member: string;
  let colleague: string;
  let staff: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 1000 });
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
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
});
