import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerUsers,
  documents,
  invoices,
  tickets,
  ticketWatchers,
  users,
} from '../db/schema.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import { companyIdOf } from '../test/companies.ts';
import { portalApiFixture } from '../test/portal-api-fixture.ts';
import { sessionCookieFor } from '../test/sign-in.ts';

// Issue 20, ADR 029 addendum: an unsearched list total is counted once per change of its
// company and kept; every way a total can change must still show.
describe('kept list totals', () => {
  const t = portalApiFixture();
  let acme = '';
  let globex = '';
  const total = async (url: string, email: string = DEMO_USERS.acme) => {
    const res = await t.getAs(email, url);
    expect(res.statusCode, res.body).toBe(200);
    return Number(res.headers['x-total-count']);
  };
  /** An invoice no change notice reports (triggers off in its transaction): shows what is kept. */
  const unnoticedInvoice = (row: ReturnType<typeof invoice>) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(invoices).values(row);
    });
  const invoice = (customerId: string, number: string, description = 'Kept total probe') => ({
    customerId,
    number,
    description,
    totalMinor: 1000,
    status: 'pending' as const,
    issueDate: '2020-01-01',
    dueDate: '2020-02-01',
  });

  beforeAll(async () => {
    acme = await companyIdOf(t.app, 'Acme Logistics');
    globex = await companyIdOf(t.app, 'Globex Retail');
  });

  it('answers the kept total until the company changes, and counts afresh after a notice', async () => {
    const url = `/api/customers/${acme}/invoices`;
    const before = await total(url);
    // Not noticed: the kept total still answers (this is what saves the count).
    await unnoticedInvoice(invoice(acme, 'INV-KEPT-1'));
    expect(await total(url)).toBe(before);
    // A noticed write (as another app server's) names the company: counted again.
    await t.app.db.insert(invoices).values(invoice(acme, 'INV-KEPT-2'));
    await expect.poll(() => total(url)).toBe(before + 2);
  });

  it('never keeps a searched total, and keeps each filter apart', async () => {
    const url = `/api/customers/${acme}/invoices`;
    const searched = await total(`${url}?q=Unnoticed`);
    const pending = await total(`${url}?status=pending`);
    const paid = await total(`${url}?status=paid`);
    await unnoticedInvoice(invoice(acme, 'INV-KEPT-3', 'Unnoticed search'));
    expect(await total(`${url}?q=Unnoticed`)).toBe(searched + 1);
    expect(await total(`${url}?status=pending`)).toBe(pending);
    expect(await total(`${url}?status=paid`)).toBe(paid);
  });

  it("this server's own write shows on the very next page", async () => {
    const url = `/api/customers/${acme}/tickets`;
    const before = await total(url);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${acme}/tickets`,
      headers: { cookie: await sessionCookieFor(t.app, DEMO_USERS.acme) },
      payload: {
        subject: 'Kept total ticket',
        description: 'Counted at once?',
        priority: 'low',
        category: 'Hardware',
        department: 'IT Support',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(await total(url)).toBe(before + 1);
  });

  it('a document added outside this server shows once the database tells it', async () => {
    const url = `/api/customers/${globex}/documents`;
    const before = await total(url, DEMO_USERS.globex);
    await t.app.db.insert(documents).values({
      customerId: globex,
      name: 'Kept total notice.pdf',
      category: 'other',
      type: 'pdf',
      contentType: 'application/pdf',
      size: 1024,
      storageKey: 'kept-total-notice.pdf',
      uploadedBy: 'Morgan Hayes',
    });
    await expect.poll(() => total(url, DEMO_USERS.globex)).toBe(before + 1);
  });

  it("a member's ticket total follows the watchers table (who sees which ticket)", async () => {
    const [member] = await t.app.db
      .insert(users)
      .values({ email: 'kept.member@acme-logistics.example', firstName: 'Kim', lastName: 'Member' })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: member!.id, customerId: acme, role: 'member', position: 9 });
    const url = `/api/customers/${acme}/tickets`;
    const before = await total(url, member!.email);
    const [other] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerId, acme))
      .limit(1);
    await t.app.db.update(tickets).set({ private: false }).where(eq(tickets.id, other!.id));
    await t.app.db.insert(ticketWatchers).values({ ticketId: other!.id, userId: member!.id });
    await expect.poll(() => total(url, member!.email)).toBe(before + 1);
  });

  it("one company's change leaves another's kept total right", async () => {
    const url = `/api/customers/${globex}/invoices`;
    const before = await total(url, DEMO_USERS.globex);
    await t.app.db.insert(invoices).values(invoice(acme, 'INV-KEPT-4'));
    expect(await total(url, DEMO_USERS.globex)).toBe(before);
  });
});
