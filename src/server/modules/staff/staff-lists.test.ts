import { beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_CURSOR,
  LIMIT_MESSAGE,
  MAX_SEARCH_LENGTH,
  SEARCH_TOO_LONG,
} from '../../../shared/schemas/paging.ts';
import {
  contactMessages,
  customers,
  intakeMessages,
  quoteRequests,
  signIns,
  unmatchedMails,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL } from '../../seed/demo.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import type { TestApp } from '../../test/test-app.ts';
import { eq } from 'drizzle-orm';
import { cursorOf, nextOf } from '../../test/link-header.ts';

type Row = Record<string, unknown> & { id: string };

/**
 * Each staff list of docs/decisions/043 (issue 20): its path, the text its seeded rows
 * hold (with `%`, `_` and `\` in it), the field the search reads back, the order it walks,
 * a filter that narrows it and an unknown filter value with its message.
 */
const lists: Array<{
  path: string;
  marker: string;
  searched: (r: Row) => string;
  orderKey: (r: Row) => string;
  descending: boolean;
  filter: [string, (r: Row) => boolean];
  badFilter: [string, string];
}> = [
  {
    path: '/api/staff/customers',
    marker: 'Pagedco',
    searched: (r) => `${String(r.name)}\n${String(r.email ?? '')}\n${String(r.phone ?? '')}`,
    orderKey: (r) => String(r.name),
    descending: false,
    filter: ['', () => true],
    badFilter: ['id=acme', 'Company not found'],
  },
  {
    path: '/api/staff/leads',
    marker: 'Pagedlead',
    searched: (r) => [r.name, r.email, r.company, r.service, r.message].join('\n'),
    orderKey: (r) => String(r.createdAt),
    descending: true,
    filter: ['kind=quote', (r) => r.kind === 'quote'],
    badFilter: ['status=lost', 'Status must be new, in-progress or done'],
  },
  {
    path: '/api/staff/unmatched-mail',
    marker: 'Pagedmail',
    searched: (r) => [r.fromAddress, r.fromName, r.subject].join('\n'),
    orderKey: (r) => String(r.createdAt),
    descending: true,
    filter: ['reason=too-large', (r) => r.reason === 'too-large'],
    badFilter: ['reason=spam', 'reason must be one of'],
  },
  {
    path: '/api/staff/sign-ins',
    marker: 'Pagedsign',
    searched: (r) => [r.userName, r.userEmail, r.ip].join('\n'),
    orderKey: (r) => String(r.at),
    descending: true,
    filter: ['event=failed-code', (r) => r.event === 'failed-code'],
    badFilter: ['event=hacked', 'event must be one of'],
  },
];

/** Four rows per list whose text holds `100%`, `under_score`, `back\slash` and a plain one. */
const variants = ['100% sure', 'under_score', 'back\\slash', 'plain'];

async function seed(t: TestApp) {
  await t.app.db.insert(customers).values(
    variants.map((v, i) => ({
      name: `Pagedco ${v}`,
      email: `pagedco${i}@example.com`,
      phone: `+1 555 010${i}`,
    })),
  );
  await t.app.db.insert(contactMessages).values(
    variants.slice(0, 2).map((v, i) => ({
      name: `Pagedlead ${v}`,
      email: `lead${i}@example.com`,
      message: 'Please call',
    })),
  );
  await t.app.db.insert(quoteRequests).values(
    variants.slice(2).map((v, i) => ({
      name: `Pagedlead ${v}`,
      email: `quote${i}@example.com`,
      service: 'Cloud',
      details: 'A migration',
    })),
  );
  await t.app.db.insert(intakeMessages).values(
    variants.map((_, i) => ({
      messageId: `<paged-${i}@example.com>`,
      fromAddress: `sender${i}@example.com`,
      outcome: 'unmatched' as const,
      emlKey: `mail/paged-${i}.eml`,
    })),
  );
  await t.app.db.insert(unmatchedMails).values(
    variants.map((v, i) => ({
      messageId: `<paged-${i}@example.com>`,
      fromAddress: `sender${i}@example.com`,
      fromName: 'Someone',
      subject: `Pagedmail ${v}`,
      text: 'Hello',
      reason: i % 2 ? ('too-large' as const) : ('unknown-sender' as const),
    })),
  );
  const [staff] = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, DEMO_STAFF_EMAIL));
  // Sign-ins search the person's name: four people whose names carry the markers.
  const people = await t.app.db
    .insert(users)
    .values(
      variants.map((v, i) => ({
        email: `pagedsign${i}@example.com`,
        firstName: 'Pagedsign',
        lastName: v,
        role: 'staff' as const,
        staffRole: 'admin' as const,
      })),
    )
    .returning({ id: users.id });
  await t.app.db.insert(signIns).values([
    ...people.map((p, i) => ({
      userId: p.id,
      event: i % 2 ? ('failed-code' as const) : ('sign-in' as const),
      ip: `10.0.0.${i}`,
    })),
    { userId: staff!.id, event: 'sign-out' as const, ip: '10.9.9.9' },
  ]);
}

describe('staff lists in pages (issue 20, ADR 043)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  beforeAll(async () => {
    await seed(t);
  });

  const get = (url: string, cookie: string | null = ctx.staffCookie) =>
    t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  describe.each(lists)('$path', (list) => {
    it('walks every row once in list order by Link, with X-Total-Count', async () => {
      const first = await get(`${list.path}?limit=200`);
      const all = Number(first.headers['x-total-count']);
      expect(all).toBe(first.json<Row[]>().length);
      expect(all).toBeGreaterThanOrEqual(4);
      const seen: Row[] = [];
      let url: string | null = `${list.path}?limit=2`;
      while (url) {
        const res = await get(url);
        expect(res.statusCode).toBe(200);
        expect(Number(res.headers['x-total-count'])).toBe(all);
        const page = res.json<Row[]>();
        expect(page.length).toBeLessThanOrEqual(2);
        seen.push(...page);
        url = nextOf(res.headers.link);
      }
      expect(new Set(seen.map((r) => r.id)).size).toBe(all);
      const keys = seen.map(list.orderKey);
      const sorted = [...keys].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      // Names sort by the database's collation; times compare as ISO text.
      if (list.descending) expect(keys).toEqual(sorted.reverse());
      else expect(keys).toEqual(first.json<Row[]>().map(list.orderKey));
    });

    it('answers 50 rows at most by default', async () => {
      const res = await get(list.path);
      expect(res.statusCode).toBe(200);
      expect(res.json<Row[]>().length).toBeLessThanOrEqual(50);
    });

    it('searches and filters, keeping both on the next page', async () => {
      const [query, keep] = list.filter;
      const res = await get(`${list.path}?q=${list.marker.toLowerCase()}&limit=1&${query}`);
      expect(res.statusCode).toBe(200);
      const total = Number(res.headers['x-total-count']);
      expect(total).toBeGreaterThan(0);
      const rows = res.json<Row[]>();
      const next = nextOf(res.headers.link);
      if (next) {
        expect(next).toContain(`q=${list.marker.toLowerCase()}`);
        if (query) expect(next).toContain(query);
        rows.push(...(await get(next)).json<Row[]>());
      }
      for (const r of rows) {
        expect(list.searched(r).toLowerCase()).toContain(list.marker.toLowerCase());
        expect(keep(r)).toBe(true);
      }
    });

    it.each(['%', '_', '\\'])('matches q=%s literally', async (q) => {
      const res = await get(`${list.path}?q=${encodeURIComponent(q)}&limit=200`);
      expect(res.statusCode).toBe(200);
      const rows = res.json<Row[]>();
      expect(rows.length).toBeGreaterThan(0);
      for (const r of rows) expect(list.searched(r)).toContain(q);
    });

    it('refuses bad limits, long searches, unknown filter values and foreign cursors', async () => {
      const other = list.path.endsWith('leads') ? '/api/staff/audit' : '/api/staff/leads';
      const foreign = cursorOf((await get(`${other}?limit=1`)).headers.link);
      const own = cursorOf((await get(`${list.path}?limit=1`)).headers.link);
      const [payload, mac] = own.split('.') as [string, string];
      const forged = Buffer.from(JSON.stringify(['zzz', 'zzz'])).toString('base64url');
      const cases: Array<[string, string]> = [
        ['limit=0', LIMIT_MESSAGE],
        ['limit=100000', LIMIT_MESSAGE],
        ['limit=ten', LIMIT_MESSAGE],
        [`q=${'a'.repeat(10_000)}`, SEARCH_TOO_LONG],
        [`cursor=${encodeURIComponent(foreign)}`, BAD_CURSOR],
        [`cursor=${forged}.${mac}`, BAD_CURSOR],
        [`cursor=${payload}.AAAA`, BAD_CURSOR],
        ['cursor=nonsense', BAD_CURSOR],
        list.badFilter,
      ];
      for (const [query, message] of cases) {
        const res = await get(`${list.path}?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json<{ message: string }>().message, query).toContain(message);
      }
      expect((await get(`${list.path}?q=${'a'.repeat(MAX_SEARCH_LENGTH)}`)).statusCode).toBe(200);
    });

    it('is refused to a customer user (403) and to no one signed in (401)', async () => {
      expect((await get(list.path, ctx.customerCookie)).statusCode).toBe(403);
      expect((await get(list.path, null)).statusCode).toBe(401);
    });
  });

  it('narrows the companies to one by id (the company picker)', async () => {
    const res = await get(`/api/staff/customers?id=${ctx.acmeId}`);
    expect(res.json<Row[]>().map((r) => r.name)).toEqual(['Acme Logistics']);
    expect(res.headers['x-total-count']).toBe('1');
  });

  it('leaves out attached and discarded mail', async () => {
    await t.app.db
      .update(unmatchedMails)
      .set({ status: 'discarded' })
      .where(eq(unmatchedMails.subject, 'Pagedmail plain'));
    const res = await get('/api/staff/unmatched-mail?q=pagedmail');
    expect(res.json<Row[]>().map((r) => r.subject)).not.toContain('Pagedmail plain');
    expect(res.headers['x-total-count']).toBe('3');
  });

  it('pages one webhook endpoint’s deliveries, its cursor bound to that endpoint', async () => {
    const [one, two] = await t.app.db
      .insert(webhookEndpoints)
      .values(
        ['https://a.example/hook', 'https://b.example/hook'].map((url) => ({
          url,
          events: ['invoice.created'],
          secretCipher: 'x',
        })),
      )
      .returning({ id: webhookEndpoints.id });
    await t.app.db.insert(webhookDeliveries).values(
      [one!.id, one!.id, one!.id, two!.id].map((endpointId, i) => ({
        endpointId,
        type: i === 2 ? 'ticket.created' : 'invoice.created',
        body: '{}',
        status: i === 1 ? ('failed' as const) : ('delivered' as const),
      })),
    );
    const path = `/api/staff/webhooks/${one!.id}/deliveries`;
    const seen: Row[] = [];
    let url: string | null = `${path}?limit=1`;
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['x-total-count']).toBe('3');
      seen.push(...res.json<Row[]>());
      url = nextOf(res.headers.link);
    }
    expect(new Set(seen.map((r) => r.id)).size).toBe(3);
    expect((await get(`${path}?status=failed`)).json<Row[]>()).toHaveLength(1);
    expect((await get(`${path}?q=ticket.`)).json<Row[]>().map((r) => r.type)).toEqual([
      'ticket.created',
    ]);
    const cursor = cursorOf((await get(`${path}?limit=1`)).headers.link);
    const other = await get(
      `/api/staff/webhooks/${two!.id}/deliveries?cursor=${encodeURIComponent(cursor)}`,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ message: BAD_CURSOR });
    for (const [query, message] of [
      ['limit=0', LIMIT_MESSAGE],
      ['status=lost', 'status must be one of'],
      [`q=${'a'.repeat(10_000)}`, SEARCH_TOO_LONG],
    ] as const) {
      const res = await get(`${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ message: string }>().message).toContain(message);
    }
    const missing = await get(`/api/staff/webhooks/${ctx.acmeId}/deliveries`);
    expect(missing.statusCode).toBe(404);
    expect((await get(path, ctx.customerCookie)).statusCode).toBe(403);
    expect((await get(path, null)).statusCode).toBe(401);
  });

  it.each(['/api/staff/staff-members', '/api/staff/saved-replies'])(
    'answers the small list %s whole up to 200, under the same contract',
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(200);
      const rows = res.json<Row[]>();
      expect(res.headers['x-total-count']).toBe(String(rows.length));
      expect(res.headers.link).toBeUndefined();
      const one = await get(`${path}?limit=1`);
      if (rows.length > 1) expect(nextOf(one.headers.link)).toContain('cursor=');
      for (const query of ['limit=0', 'limit=201', `q=${'a'.repeat(10_000)}`, 'cursor=x']) {
        expect((await get(`${path}?${query}`)).statusCode, query).toBe(400);
      }
      expect((await get(`${path}?q=%25`)).statusCode).toBe(200);
      expect((await get(path, ctx.customerCookie)).statusCode).toBe(403);
      expect((await get(path, null)).statusCode).toBe(401);
    },
  );
});
