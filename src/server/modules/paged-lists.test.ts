import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Invoice } from '../../shared/schemas/invoices.ts';
import {
  BAD_CURSOR,
  LIMIT_MESSAGE,
  MAX_SEARCH_LENGTH,
  SEARCH_TOO_LONG,
} from '../../shared/schemas/paging.ts';
import { invoices, tickets } from '../db/schema.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import { companyIdOf } from '../test/companies.ts';
import { portalApiFixture } from '../test/portal-api-fixture.ts';
import { nextOf } from '../test/link-header.ts';
import { flipChar } from '../test/tamper.ts';

describe('paged lists (issue 20)', () => {
  const t = portalApiFixture();
  let acme = '';
  let globex = '';
  const base = () => `/api/customers/${acme}`;
  const get = (url: string, email: string = DEMO_USERS.acme) => t.getAs(email, url);

  beforeAll(async () => {
    acme = await companyIdOf(t.app, 'Acme Logistics');
    globex = await companyIdOf(t.app, 'Globex Retail');
    // 130 more invoices, a few with the characters LIKE treats specially.
    const descriptions = ['100% uptime', 'under_score', 'back\\slash', `it's "quoted"`];
    await t.app.db.insert(invoices).values(
      Array.from({ length: 130 }, (_, i) => ({
        customerId: acme,
        number: `INV-PAGE-${String(i).padStart(4, '0')}`,
        description: descriptions[i] ?? `Paged invoice ${i}`,
        totalMinor: 1000,
        status: i % 2 ? ('paid' as const) : ('pending' as const),
        // Pairs of invoices share a day, so the tie-breaker matters.
        issueDate: `2019-${String((Math.floor(i / 2) % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
        dueDate: '2019-12-31',
      })),
    );
  });

  it('walks every invoice exactly once, in list order, by following Link: rel="next"', async () => {
    const [{ n }] = (await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.customerId, acme))) as [{ n: number }];
    const seen: Invoice[] = [];
    let url: string | null = `${base()}/invoices?limit=40`;
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBe(n);
      const page = res.json<Invoice[]>();
      expect(page.length).toBeLessThanOrEqual(40);
      seen.push(...page);
      url = nextOf(res.headers.link);
    }
    expect(seen).toHaveLength(n);
    expect(new Set(seen.map((i) => i.id)).size).toBe(n);
    const order = seen.map((i) => `${i.issueDate} ${i.number}`);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('answers 50 rows by default and no Link on the last page', async () => {
    const first = await get(`${base()}/invoices`);
    expect(first.json<Invoice[]>()).toHaveLength(50);
    expect(nextOf(first.headers.link)).toContain('cursor=');
    const all = await get(`${base()}/invoices?limit=200`);
    expect(all.headers.link).toBeUndefined();
  });

  it.each(['0', '100000', '201', '-1', '1.5', 'ten'])('refuses limit=%s with a 400', async (v) => {
    const res = await get(`${base()}/invoices?limit=${v}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: LIMIT_MESSAGE });
  });

  it('refuses a tampered cursor, a made-up one, and one of another list', async () => {
    const next = nextOf((await get(`${base()}/invoices?limit=5`)).headers.link)!;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['2099-01-01', 'INV-X'])).toString('base64url');
    for (const bad of [
      `${forged}.${mac}`,
      `${payload}.${flipChar(mac, -2)}`,
      'garbage',
      `${payload}.${mac}.x`,
      "'; drop table invoices; --",
    ]) {
      const res = await get(`${base()}/invoices?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: BAD_CURSOR });
    }
    // A valid invoices cursor is no tickets cursor.
    const res = await get(`${base()}/tickets?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
  });

  it("refuses another company's cursor and never answers another company's rows", async () => {
    const globexFirst = await get(`/api/customers/${globex}/invoices?limit=1`, DEMO_USERS.globex);
    const next = nextOf(globexFirst.headers.link)!;
    const cursor = new URL(next, 'http://x').searchParams.get('cursor')!;
    // Acme's user with Globex's cursor on Acme's list: refused, not Globex's order.
    const res = await get(`${base()}/invoices?cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: BAD_CURSOR });
    // And Globex's own list stays closed to Acme's user, cursor or not.
    const other = await get(
      `/api/customers/${globex}/invoices?cursor=${encodeURIComponent(cursor)}`,
    );
    expect([403, 404]).toContain(other.statusCode);
  });

  it(`refuses a q of more than ${MAX_SEARCH_LENGTH} characters`, async () => {
    const res = await get(`${base()}/invoices?q=${'a'.repeat(10_000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SEARCH_TOO_LONG });
  });

  it.each([
    ['%', ['100% uptime']],
    ['_', ['under_score']],
    ['\\', ['back\\slash']],
    ["'", [`it's "quoted"`]],
    ['"', [`it's "quoted"`]],
  ])('matches %s in q literally', async (q, expected) => {
    const res = await get(`${base()}/invoices?limit=200&q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    const found = res.json<Invoice[]>().filter((i) => i.number.startsWith('INV-PAGE-'));
    expect(found.map((i) => i.description)).toEqual(expected);
  });

  it('searches case-insensitively and combines q with the status filter', async () => {
    const res = await get(`${base()}/invoices?q=PAGED%20INVOICE&status=paid&limit=200`);
    const rows = res.json<Invoice[]>();
    expect(rows.length).toBe(63);
    expect(res.headers['x-total-count']).toBe('63');
    expect(rows.every((i) => i.status === 'paid' && i.description.startsWith('Paged'))).toBe(true);
  });

  it.each([
    ['invoices?status=lost', 'status must be one of paid, pending, overdue'],
    ['invoices?status=', 'status must be one of paid, pending, overdue'],
    ['projects?status=done', 'status must be one of in-progress, completed, scheduled, on-hold'],
    ['tickets?priority=urgent', 'priority must be one of high, normal, low'],
    ['tickets?status=all', 'status must be one of open, pending, closed'],
    ['documents?type=../x', 'type must be a file extension such as pdf'],
  ])('refuses the unknown filter value in %s', async (query, message) => {
    const res = await get(`${base()}/${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(message) as string });
  });

  it.each(['invoices', 'projects', 'documents', 'tickets', 'activities', 'sites'])(
    '%s: pages of 1 walk the whole list with X-Total-Count',
    async (area) => {
      const first = await get(`${base()}/${area}?limit=1`);
      expect(first.statusCode).toBe(200);
      const total = Number(first.headers['x-total-count']);
      const ids = new Set<string>();
      let url: string | null = `${base()}/${area}?limit=1`;
      while (url && ids.size <= total) {
        const res = await get(url);
        expect(res.statusCode, res.body).toBe(200);
        for (const row of res.json<Array<{ id: string }>>()) ids.add(row.id);
        url = nextOf(res.headers.link);
      }
      expect(ids.size).toBe(total);
    },
  );

  it('summaries count over every row, not over one page', async () => {
    const res = await get(`${base()}/invoices/summary`);
    const [row] = (await t.app.db
      .select({
        n: sql<number>`count(*)::int`,
        paid: sql<number>`(count(*) filter (where ${invoices.status} = 'paid'))::int`,
      })
      .from(invoices)
      .where(eq(invoices.customerId, acme))) as [{ n: number; paid: number }];
    expect(res.json()).toMatchObject({ total: row.n, paid: row.paid });
    const tix = await get(`${base()}/tickets/summary`);
    const open = await t.app.db
      .select({ n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(and(eq(tickets.customerId, acme), eq(tickets.status, 'open')));
    expect(tix.json()).toMatchObject({ open: open[0]!.n });
    for (const area of ['projects', 'documents']) {
      const summary = await get(`${base()}/${area}/summary`);
      expect(summary.statusCode).toBe(200);
      expect(summary.json()).toHaveProperty('total');
    }
  });
});
