import { and, desc, eq, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerUsers,
  invoicePayments,
  invoices,
  ticketReplies,
  tickets,
  users,
} from '../db/schema.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import { companyIdOf } from '../test/companies.ts';
import { portalApiFixture } from '../test/portal-api-fixture.ts';

type Row = Record<string, unknown> & { id: string };

// ADR 080: an unsearched first page of the portal's lists is read once per change of its
// company and kept whole; whatever its rows read must still show once the database tells.
describe('kept first pages', () => {
  const t = portalApiFixture();
  let acme = '';
  const page = async (url: string, email: string = DEMO_USERS.acme) => {
    const res = await t.getAs(email, url);
    expect(res.statusCode, res.body).toBe(200);
    return { rows: res.json<Row[]>(), total: Number(res.headers['x-total-count']), res };
  };
  /** A change no notice reports (triggers off in its transaction): shows what is kept. */
  const unnoticed = (
    change: (tx: Parameters<Parameters<typeof t.app.db.transaction>[0]>[0]) => Promise<unknown>,
  ) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await change(tx);
    });
  const newestInvoice = async () => {
    const { rows } = await page(`/api/customers/${acme}/invoices`);
    return rows[0]!;
  };

  beforeAll(async () => {
    acme = await companyIdOf(t.app, 'Acme Logistics');
  });

  it('answers the kept page until the company changes; a payment recorded elsewhere then shows', async () => {
    const first = await newestInvoice();
    await unnoticed((tx) =>
      tx.update(invoices).set({ description: 'Unnoticed edit' }).where(eq(invoices.id, first.id)),
    );
    // Not noticed: the kept page still answers (this is what saves the read).
    expect((await newestInvoice()).description).toBe(first.description);
    // A payment is a row of another table (migration 0056 makes it name the company).
    await t.app.db.insert(invoicePayments).values({
      invoiceId: first.id,
      amountMinor: 1,
      method: 'cheque',
      reference: 'KEPT-PAGE-1',
      receivedOn: '2026-01-02',
    });
    await expect
      .poll(async () => ((await newestInvoice()).payments as { reference: string }[]).length)
      .toBe((first.payments as unknown[]).length + 1);
    expect((await newestInvoice()).description).toBe('Unnoticed edit');
  });

  it("a ticket's reply and its assignee's new name show on the kept first page", async () => {
    const url = `/api/customers/${acme}/tickets`;
    const [assigned] = await t.app.db
      .select({ id: tickets.id, assignee: tickets.assignedToUserId })
      .from(tickets)
      .where(and(eq(tickets.customerId, acme), isNotNull(tickets.assignedToUserId)))
      .orderBy(desc(tickets.createdAt))
      .limit(1);
    const find = async () =>
      (await page(`${url}?limit=100`)).rows.find((r) => r.id === assigned!.id)!;
    const before = await find();
    await t.app.db.insert(ticketReplies).values({
      ticketId: assigned!.id,
      message: 'A reply written by another app server',
      author: 'Kept Page',
    });
    await expect
      .poll(async () => ((await find()).replies as unknown[]).length)
      .toBe((before.replies as unknown[]).length + 1);
    const [agent] = await t.app.db
      .update(users)
      .set({ lastName: 'Renamed' })
      .where(eq(users.id, assigned!.assignee!))
      .returning({ firstName: users.firstName });
    await expect.poll(async () => (await find()).assignedTo).toBe(`${agent!.firstName} Renamed`);
  });

  it("a member never gets the admin's kept tickets page", async () => {
    const url = `/api/customers/${acme}/tickets`;
    const admin = await page(url);
    const [member] = await t.app.db
      .insert(users)
      .values({
        email: 'kept.page.member@acme-logistics.example',
        firstName: 'Kim',
        lastName: 'Page',
      })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: member!.id, customerId: acme, role: 'member', position: 9 });
    // Issue 18: a member sees only their own tickets and those they are in copy of: none yet.
    const own = await page(url, member!.email);
    expect(admin.rows.length).toBeGreaterThan(0);
    expect(own.rows).toEqual([]);
    expect(own.total).toBe(0);
  });

  it('never keeps a searched page nor a later page', async () => {
    const url = `/api/customers/${acme}/invoices`;
    const first = await page(`${url}?limit=1`);
    const cursor = /cursor=([^>&]+)/.exec(String(first.res.headers.link))![1]!;
    const second = await page(`${url}?limit=1&cursor=${cursor}`);
    const searched = await page(`${url}?q=${encodeURIComponent(String(first.rows[0]!.number))}`);
    await unnoticed((tx) =>
      tx
        .update(invoices)
        .set({ description: 'Read afresh' })
        .where(sql`${invoices.id} in (${second.rows[0]!.id}, ${first.rows[0]!.id})`),
    );
    expect((await page(`${url}?limit=1&cursor=${cursor}`)).rows[0]!.description).toBe(
      'Read afresh',
    );
    const again = await page(`${url}?q=${encodeURIComponent(String(first.rows[0]!.number))}`);
    expect(again.rows[0]!.description).toBe('Read afresh');
    expect(searched.rows[0]!.description).not.toBe('Read afresh');
    // The first page itself is kept: the unnoticed edit does not show there.
    expect((await page(`${url}?limit=1`)).rows[0]!.description).toBe(first.rows[0]!.description);
  });
});
