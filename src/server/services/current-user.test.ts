import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerUsers, customers, notificationPreferences, signIns, users } from '../db/schema.ts';
import { sessionCookieFor } from '../test/sign-in.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

// Each change is written straight to the database, as a script would: requests see it as
// soon as the database's change notice has reached the app (docs/decisions/017-session-cache.md).
describe('GET /api/auth/user', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers companies in link order, preferences and the sign-in before the current one', async () => {
    const [user] = await t.app.db
      .insert(users)
      .values({ email: 'two.companies@example.com', firstName: 'Two', lastName: 'Companies' })
      .returning();
    const [first, second] = await t.app.db
      .insert(customers)
      .values([{ name: 'Second Co' }, { name: 'First Co' }])
      .returning();
    await t.app.db.insert(customerUsers).values([
      { userId: user!.id, customerId: first!.id, position: 1, role: 'billing' },
      { userId: user!.id, customerId: second!.id, position: 0, role: 'technical' },
    ]);
    const cookie = await sessionCookieFor(t.app, 'two.companies@example.com');
    const get = () => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

    const fresh = (await get()).json();
    expect(fresh.customers).toEqual([
      // Issue 18: a role per company.
      { id: second!.id, name: 'First Co', role: 'technical' },
      { id: first!.id, name: 'Second Co', role: 'billing' },
    ]);
    expect(fresh.notificationPreferences).toEqual({
      emailInvoices: true,
      emailProjects: true,
      emailTickets: true,
      emailMaintenance: false,
      smsUrgent: true,
      smsTickets: false,
    });
    expect(fresh.previousSignInAt).toBeNull();

    await t.app.db.insert(signIns).values([
      { userId: user!.id, at: new Date('2026-01-02T03:04:05.678Z') },
      { userId: user!.id, at: new Date('2026-02-02T03:04:05.000Z') },
      // Sign-outs and wrong codes are in the same log but are not sign-ins.
      { userId: user!.id, at: new Date('2026-01-15T00:00:00.000Z'), event: 'sign-out' },
      { userId: user!.id, at: new Date('2026-01-20T00:00:00.000Z'), event: 'failed-code' },
    ]);
    await t.app.db
      .insert(notificationPreferences)
      .values({ userId: user!.id, smsTickets: true, emailInvoices: false });
    // PGlite tells the cache in process; PostgreSQL's notice arrives a moment after the write.
    const soon = { timeout: 5000 };
    await expect
      .poll(async () => (await get()).json().previousSignInAt, soon)
      .toBe('2026-01-02T03:04:05.678Z');
    const later = (await get()).json();
    expect(later.notificationPreferences).toMatchObject({ smsTickets: true, emailInvoices: false });
    await t.app.db.delete(customerUsers).where(eq(customerUsers.userId, user!.id));
    await expect.poll(async () => (await get()).json().customers, soon).toEqual([]);
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, user!.id));
    await expect.poll(async () => (await get()).statusCode, soon).toBe(401);
  });
});
