import { beforeAll, describe, expect, it } from 'vitest';
import {
  BAD_CURSOR,
  LIMIT_MESSAGE,
  MAX_SEARCH_LENGTH,
  SEARCH_TOO_LONG,
} from '../../../shared/schemas/paging.ts';
import type { HelpdeskTicket } from '../../../shared/schemas/staff-helpdesk.ts';
import type { AuditEntry } from '../../../shared/schemas/staff-audit.ts';
import { auditLog, tickets } from '../../db/schema.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { nextOf } from '../../test/link-header.ts';

describe('staff lists in pages (issue 20): the help desk queue', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  beforeAll(async () => {
    // Tickets whose subjects hold the characters LIKE treats specially.
    await t.app.db.insert(tickets).values(
      ['100% down', 'under_score', 'back\\slash', `it's "quoted"`].map((subject) => ({
        customerId: ctx.acmeId,
        subject,
        description: 'Paging test',
        priority: 'normal' as const,
        category: 'Other',
        department: 'Support',
      })),
    );
  });

  const get = (url: string, cookie = ctx.staffCookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('walks every ticket once, newest change first, following Link: rel="next"', async () => {
    const all = await t.app.db.$count(tickets);
    const seen: HelpdeskTicket[] = [];
    let url: string | null = '/api/staff/tickets?limit=3';
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBe(all);
      const page = res.json<HelpdeskTicket[]>();
      expect(page.length).toBeLessThanOrEqual(3);
      seen.push(...page);
      url = nextOf(res.headers.link);
    }
    expect(new Set(seen.map((x) => x.id)).size).toBe(all);
    const order = seen.map((x) => x.updatedAt);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('walks every ticket once least time left first (issue 17), paused clocks and tickets without a clock last', async () => {
    const all = await t.app.db.$count(tickets);
    const seen: HelpdeskTicket[] = [];
    let url: string | null = '/api/staff/tickets?limit=3&sort=time-left';
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json<HelpdeskTicket[]>());
      url = nextOf(res.headers.link);
    }
    expect(new Set(seen.map((x) => x.id)).size).toBe(all);
    // The demo's pending tickets wait on their customers: their clocks sort with the clockless.
    expect(seen.some((x) => x.sla?.state === 'paused')).toBe(true);
    // A ticket without a clock row (from before SLAs) answers `sla: null`, not a clock of nulls.
    expect(seen.every((x) => x.sla === null || x.sla.dueAt !== null)).toBe(true);
    const due = seen.map((x) => (x.sla && x.sla.state !== 'paused' ? x.sla.dueAt : '9999'));
    expect(due).toEqual([...due].sort());
  });

  it('keeps the filters on the next page and counts only what matches', async () => {
    const first = await get(`/api/staff/tickets?limit=1&customerId=${ctx.globexId}`);
    const next = nextOf(first.headers.link);
    expect(next).toContain(`customerId=${ctx.globexId}`);
    const second = await get(next!);
    expect(
      [...first.json<HelpdeskTicket[]>(), ...second.json<HelpdeskTicket[]>()].every(
        (x) => x.customerName === 'Globex Retail',
      ),
    ).toBe(true);
  });

  it.each(['0', '100000', '201', 'ten'])('refuses limit=%s with a 400', async (v) => {
    const res = await get(`/api/staff/tickets?limit=${v}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: LIMIT_MESSAGE });
  });

  it('refuses a tampered cursor and a cursor of a customer list', async () => {
    const first = await get('/api/staff/tickets?limit=1');
    const cursor = new URL(nextOf(first.headers.link)!, 'http://x').searchParams.get('cursor')!;
    const [payload, mac] = cursor.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify(['2999-01-01T00:00:00Z', 'TK-1'])).toString(
      'base64url',
    );
    const portal = await get(`/api/customers/${ctx.acmeId}/tickets?limit=1`, ctx.customerCookie);
    const portalCursor = new URL(nextOf(portal.headers.link)!, 'http://x').searchParams.get(
      'cursor',
    )!;
    for (const bad of [`${forged}.${mac}`, `${payload}.AAAA`, 'nonsense', portalCursor]) {
      const res = await get(`/api/staff/tickets?cursor=${encodeURIComponent(bad)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: BAD_CURSOR });
    }
  });

  it('refuses a q of 10,000 characters', async () => {
    const res = await get(`/api/staff/tickets?q=${'a'.repeat(10_000)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SEARCH_TOO_LONG });
    const longest = await get(`/api/staff/tickets?q=${'a'.repeat(MAX_SEARCH_LENGTH)}`);
    expect(longest.statusCode).toBe(200);
  });

  it.each([
    ['%', ['100% down']],
    ['_', ['under_score']],
    ['\\', ['back\\slash']],
    [`'s "quoted`, [`it's "quoted"`]],
  ])('matches q=%s literally', async (q, subjects) => {
    const res = await get(`/api/staff/tickets?q=${encodeURIComponent(q)}`);
    expect(res.statusCode).toBe(200);
    const found = res.json<HelpdeskTicket[]>();
    expect(found.map((x) => x.subject)).toEqual(expect.arrayContaining(subjects));
    // Every row holds the characters themselves (a seeded ticket mentions "95%" too).
    for (const x of found) expect(`${x.subject}\n${x.description}`).toContain(q);
  });

  it('searches the company name and the ticket number too', async () => {
    const globex = await get('/api/staff/tickets?q=globex');
    expect(globex.json<HelpdeskTicket[]>().length).toBeGreaterThan(0);
    expect(globex.json<HelpdeskTicket[]>().every((x) => x.customerName === 'Globex Retail')).toBe(
      true,
    );
    const [one] = (await get('/api/staff/tickets?limit=1')).json<HelpdeskTicket[]>();
    const byNumber = await get(`/api/staff/tickets?q=${one!.id.toLowerCase()}`);
    expect(byNumber.json<HelpdeskTicket[]>().map((x) => x.id)).toContain(one!.id);
  });

  it.each([
    ['status=lost', 'Status must be open, pending or closed'],
    ['priority=urgent', 'Priority must be high, normal or low'],
    ['customerId=acme', 'Company not found'],
    ['assignee=someone', 'Assignee not found'],
    ['sla=late', 'SLA filter must be breached'],
    ['sort=oldest', 'Sort must be updated or time-left'],
  ])('refuses the unknown filter value %s with a 400', async (query, message) => {
    const res = await get(`/api/staff/tickets?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
  });

  it('is not a customer user’s list', async () => {
    const res = await get('/api/staff/tickets', ctx.customerCookie);
    expect(res.statusCode).toBe(403);
  });
});

describe('staff lists in pages (issue 20): the audit log', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  beforeAll(async () => {
    await t.app.db.insert(auditLog).values(
      Array.from({ length: 7 }, (_, i) => ({
        actorName: i === 0 ? 'Pat 100%' : 'Pat Staff',
        action: `test.paged_${i}`,
        entityType: 'test',
        customerId: i % 2 ? ctx.acmeId : ctx.globexId,
      })),
    );
  });

  const get = (url: string, cookie = ctx.staffCookie) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  it('walks every entry once by Link, newest first, with X-Total-Count', async () => {
    const all = await t.app.db.$count(auditLog);
    const seen: AuditEntry[] = [];
    let url: string | null = '/api/staff/audit?limit=2';
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(Number(res.headers['x-total-count'])).toBe(all);
      seen.push(...res.json<AuditEntry[]>());
      url = nextOf(res.headers.link);
    }
    expect(new Set(seen.map((e) => e.id)).size).toBe(all);
    const order = seen.map((e) => e.createdAt);
    expect(order).toEqual([...order].sort().reverse());
  });

  it('filters by company and searches literally', async () => {
    const acme = await get(`/api/staff/audit?customerId=${ctx.acmeId}&q=test.paged`);
    expect(
      acme
        .json<AuditEntry[]>()
        .map((e) => e.action)
        .sort(),
    ).toEqual(['test.paged_1', 'test.paged_3', 'test.paged_5']);
    const percent = await get('/api/staff/audit?q=%25');
    expect(percent.json<AuditEntry[]>().map((e) => e.actorName)).toEqual(['Pat 100%']);
    const underscore = await get('/api/staff/audit?q=paged_');
    expect(underscore.json<AuditEntry[]>()).toHaveLength(7);
  });

  it('refuses bad limits, bad companies, long searches and the queue’s cursor', async () => {
    const cases: Array<[string, string]> = [
      ['limit=0', LIMIT_MESSAGE],
      ['limit=100000', LIMIT_MESSAGE],
      ['customerId=acme', 'Company not found'],
      [`q=${'x'.repeat(10_000)}`, SEARCH_TOO_LONG],
    ];
    const queue = await get('/api/staff/tickets?limit=1');
    const cursor = new URL(nextOf(queue.headers.link)!, 'http://x').searchParams.get('cursor')!;
    cases.push([`cursor=${encodeURIComponent(cursor)}`, BAD_CURSOR]);
    for (const [query, message] of cases) {
      const res = await get(`/api/staff/audit?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect((await get('/api/staff/audit', ctx.customerCookie)).statusCode).toBe(403);
  });
});
