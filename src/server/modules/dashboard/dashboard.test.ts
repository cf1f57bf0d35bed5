import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardSchema, type Dashboard } from '../../../shared/schemas/dashboard.ts';
import type { Invoice } from '../../../shared/schemas/invoices.ts';
import type { Project } from '../../../shared/schemas/projects.ts';
import { activities, invoices, projects, tickets, timeEntries } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { companyIdOf } from '../../test/companies.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** "1295.5" or "1295.50" as 129550 cents, without floating point. */
function cents(value: string): number {
  const [whole = '0', fraction = ''] = value.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
}

const utcMonth = (d: Date) => d.toISOString().slice(0, 7);

describe('GET /api/customers/:customerId/dashboard', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function get<T>(company: string, email: string, path: string) {
    const customerId = await companyIdOf(t.app, company);
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customerId}/${path}`,
      headers: { cookie: await sessionCookieFor(t.app, email) },
    });
    expect(res.statusCode).toBe(200);
    return { customerId, body: res.json<T>() };
  }

  /** The four figures, computed here from the company's rows with plain arithmetic. */
  async function expectedStats(customerId: string): Promise<Dashboard['stats']> {
    const db = t.app.db;
    const inv = await db.select().from(invoices).where(eq(invoices.customerId, customerId));
    const prj = await db.select().from(projects).where(eq(projects.customerId, customerId));
    const tk = await db.select().from(tickets).where(eq(tickets.customerId, customerId));
    const te = await db.select().from(timeEntries).where(eq(timeEntries.customerId, customerId));
    const month = utcMonth(new Date());
    return {
      outstandingBalance:
        inv
          .filter((i) => i.status === 'pending' || i.status === 'overdue')
          .reduce((sum, i) => sum + cents(i.amount), 0) / 100,
      activeProjects: prj.filter((p) => p.status === 'in-progress').length,
      openTickets: tk.filter((x) => x.status === 'open').length,
      monthlyHours:
        te.filter((e) => e.workDate.slice(0, 7) === month).reduce((s, e) => s + cents(e.hours), 0) /
        100,
    };
  }

  for (const [company, email] of [
    ['Acme Logistics', DEMO_USERS.acme],
    ['Globex Retail', DEMO_USERS.globex],
  ] as const) {
    it(`computes ${company}'s figures and lists from its own rows`, async () => {
      const { customerId, body } = await get<Dashboard>(company, email, 'dashboard');
      expect(dashboardSchema.parse(body)).toEqual(body);
      const stats = await expectedStats(customerId);
      expect(stats.outstandingBalance).toBeGreaterThan(0);
      expect(stats.monthlyHours).toBeGreaterThan(0);
      expect(body.stats).toEqual(stats);

      const all = (await get<Invoice[]>(company, email, 'invoices')).body;
      expect(body.recentInvoices).toEqual(all.slice(0, 5));
      const allProjects = (await get<Project[]>(company, email, 'projects')).body;
      expect(body.activeProjects).toEqual(
        allProjects.filter((p) => p.status === 'in-progress').slice(0, 5),
      );
      const tk = await t.app.db.select().from(tickets).where(eq(tickets.customerId, customerId));
      const newest = tk.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime()).slice(0, 5);
      expect(body.recentTickets).toEqual(
        newest.map((x) => ({
          id: x.id,
          subject: x.subject,
          priority: x.priority,
          status: x.status,
          createdAt: x.createdAt.toISOString(),
        })),
      );
    });
  }

  it('counts hours of the current calendar month only, and follows new rows', async () => {
    const customerId = await companyIdOf(t.app, 'Globex Retail');
    const before = (await get<Dashboard>('Globex Retail', DEMO_USERS.globex, 'dashboard')).body;
    const now = new Date();
    const lastMonth = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
    await t.app.db.insert(timeEntries).values([
      { customerId, workDate: lastMonth.toISOString().slice(0, 10), hours: '100.00' },
      { customerId, workDate: now.toISOString().slice(0, 10), hours: '2.75' },
    ]);
    await t.app.db.insert(invoices).values({
      customerId,
      number: 'TEST-OVERDUE-1',
      description: 'Late fee',
      totalMinor: 10,
      status: 'overdue',
      issueDate: '2026-01-01',
      dueDate: '2026-01-31',
    });
    // Written outside the app: the cached dashboard follows once the database's notice
    // arrives (at once on PGlite, a moment later on PostgreSQL).
    const expected = await expectedStats(customerId);
    await expect
      .poll(
        async () =>
          (await get<Dashboard>('Globex Retail', DEMO_USERS.globex, 'dashboard')).body.stats,
      )
      .toEqual(expected);
    const after = (await get<Dashboard>('Globex Retail', DEMO_USERS.globex, 'dashboard')).body;
    expect(Math.round(after.stats.monthlyHours * 100)).toBe(
      Math.round(before.stats.monthlyHours * 100) + 275,
    );
    expect(Math.round((after.stats.outstandingBalance ?? NaN) * 100)).toBe(
      Math.round((before.stats.outstandingBalance ?? NaN) * 100) + 10,
    );
  });

  it('answers zeros and empty lists for a company with no rows', async () => {
    const { body } = await get<Dashboard>('Initech', DEMO_USERS.initech, 'dashboard');
    expect(body).toEqual({
      stats: { outstandingBalance: 0, activeProjects: 0, openTickets: 0, monthlyHours: 0 },
      recentInvoices: [],
      activeProjects: [],
      recentTickets: [],
    });
  });
});

describe('GET /api/customers/:customerId/activities', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("lists the company's own events, newest first", async () => {
    const customerId = await companyIdOf(t.app, 'Acme Logistics');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/customers/${customerId}/activities`,
      headers: { cookie: await sessionCookieFor(t.app, DEMO_USERS.acme) },
    });
    const body = res.json<Array<{ id: string; type: string; title: string; createdAt: string }>>();
    expect(new Set(body.map((a) => a.type))).toEqual(
      new Set(['payment', 'milestone', 'ticket', 'document', 'other']),
    );
    const own = await t.app.db
      .select({ id: activities.id })
      .from(activities)
      .where(eq(activities.customerId, customerId));
    expect(body.map((a) => a.id).sort()).toEqual(own.map((a) => a.id).sort());
    const times = body.map((a) => a.createdAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(body.find((a) => a.type === 'payment')?.title).toBe(
      'Payment received for INV-2026-1001',
    );
    expect(Object.keys(body[0]!).sort()).toEqual(['createdAt', 'id', 'title', 'type']);
  });
});
