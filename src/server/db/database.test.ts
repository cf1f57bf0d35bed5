import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyDatabase } from '../test/empty-database.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-app.ts';
import { selectRows } from './client.ts';
import * as t from './schema.ts';
import { DEMO_USERS, seedDemoData } from '../seed/demo.ts';

describe('migrations', () => {
  it('apply to an empty database, and again without error', async () => {
    const { database, drop } = await emptyDatabase();
    try {
      await database.migrate();
      await database.migrate();
      const rows = await selectRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name = 'tickets'`,
      );
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await drop();
    }
  });
});

describe('demo seed', () => {
  let tdb: TestDatabase;
  beforeAll(async () => {
    tdb = await createTestDatabase();
  });
  afterAll(() => tdb.destroy());

  it('is idempotent', async () => {
    const count = async () =>
      (await tdb.database.db.select({ n: sql<number>`count(*)::int` }).from(t.invoices))[0]?.n;
    const before = await count();
    expect(before).toBeGreaterThan(0);
    expect(await seedDemoData(tdb.database.db, { dataDir: tdb.dataDir })).toBe(false);
    expect(await count()).toBe(before);
  });

  it('keeps the two companies apart', async () => {
    const db = tdb.database.db;
    const linked = await db
      .select({ email: t.users.email, company: t.customers.name })
      .from(t.customerUsers)
      .innerJoin(t.users, eq(t.users.id, t.customerUsers.userId))
      .innerJoin(t.customers, eq(t.customers.id, t.customerUsers.customerId));
    expect(linked).toEqual(
      expect.arrayContaining([
        { email: DEMO_USERS.acme, company: 'Acme Logistics' },
        { email: DEMO_USERS.globex, company: 'Globex Retail' },
        { email: DEMO_USERS.initech, company: 'Initech' },
      ]),
    );
    expect(linked).toHaveLength(3);
    // Every project's documents and milestones belong to the project's own company.
    const crossed = await selectRows(
      db,
      sql`select d.id from documents d join projects p on p.id = d.project_id
          where p.customer_id <> d.customer_id`,
    );
    expect(crossed).toEqual([]);
  });

  it('covers every status of invoices, projects and tickets, with real files', async () => {
    const db = tdb.database.db;
    for (const [company] of [['Acme Logistics'], ['Globex Retail']]) {
      const [c] = await db.select().from(t.customers).where(eq(t.customers.name, company!));
      const inv = await db
        .select({ s: t.invoices.status })
        .from(t.invoices)
        .where(eq(t.invoices.customerId, c!.id));
      expect(new Set(inv.map((r) => r.s))).toEqual(new Set(['paid', 'pending', 'overdue']));
      const prj = await db
        .select({ s: t.projects.status })
        .from(t.projects)
        .where(eq(t.projects.customerId, c!.id));
      expect(new Set(prj.map((r) => r.s))).toEqual(
        new Set(['in-progress', 'completed', 'scheduled', 'on-hold']),
      );
      const tk = await db
        .select({ s: t.tickets.status, p: t.tickets.priority })
        .from(t.tickets)
        .where(eq(t.tickets.customerId, c!.id));
      expect(new Set(tk.map((r) => r.s))).toEqual(new Set(['open', 'pending', 'closed']));
      expect(new Set(tk.map((r) => r.p))).toEqual(new Set(['high', 'normal', 'low']));
      const docs = await db.select().from(t.documents).where(eq(t.documents.customerId, c!.id));
      const pdf = docs.find((d) => d.type === 'pdf');
      const bytes = await fs.readFile(path.join(tdb.dataDir, 'files', pdf!.storageKey));
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(bytes.length).toBe(pdf!.size);
    }
    const replies = await db.select({ a: t.ticketReplies.isAgent }).from(t.ticketReplies);
    expect(new Set(replies.map((r) => r.a))).toEqual(new Set([true, false]));
  });
});
