import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Dashboard } from '../../../shared/schemas/dashboard.ts';
import { tickets } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { portalApiFixture } from '../../test/portal-api-fixture.ts';

// Issue 20: the dashboard comes from a per-company cache; every kind of write must show.
describe('dashboard cache', () => {
  const t = portalApiFixture();
  const dashboard = async (company: string, email: string) => {
    const id = await companyIdOf(t.app, company);
    return (await t.getAs(email, `/api/customers/${id}/dashboard`)).json<Dashboard>();
  };

  it("shows this server's own write on the very next read", async () => {
    const before = await dashboard('Acme Logistics', DEMO_USERS.acme);
    const id = await companyIdOf(t.app, 'Acme Logistics');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${id}/tickets`,
      headers: { cookie: await sessionCookieFor(t.app, DEMO_USERS.acme) },
      payload: {
        subject: 'Cache check ticket',
        description: 'Does the dashboard see me at once?',
        priority: 'high',
        category: 'Hardware',
        department: 'IT Support',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    // No waiting: the write's own answer emptied the cache.
    const after = await dashboard('Acme Logistics', DEMO_USERS.acme);
    expect(after.stats.openTickets).toBe(before.stats.openTickets + 1);
    expect(after.recentTickets[0]?.subject).toBe('Cache check ticket');
  });

  it('shows a write made outside this server once the database tells it', async () => {
    const before = await dashboard('Globex Retail', DEMO_USERS.globex);
    const id = await companyIdOf(t.app, 'Globex Retail');
    // As another app server, a staff script or manual SQL would: straight to the database.
    const [open] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerId, id))
      .limit(1);
    await t.app.db.update(tickets).set({ status: 'closed' }).where(eq(tickets.customerId, id));
    expect(open).toBeDefined();
    await expect
      .poll(async () => (await dashboard('Globex Retail', DEMO_USERS.globex)).stats.openTickets)
      .toBe(0);
    expect(before.stats.openTickets).toBeGreaterThan(0);
  });

  it("a change to one company leaves another company's answer right", async () => {
    const initech = await dashboard('Initech', DEMO_USERS.initech);
    expect(initech.stats.openTickets).toBe(0);
    expect(await dashboard('Initech', DEMO_USERS.initech)).toEqual(initech);
  });
});
