import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activities, mailOutbox, ticketNotes, tickets } from '../../db/schema.ts';
import { sessionCookieFor } from '../sign-in.ts';
import {
  createCatalogedApp,
  fillPath,
  isCustomerRoute,
  STAFF_EMAIL,
  tenants,
  type Tenant,
} from './api-catalog.ts';

type Cataloged = Awaited<ReturnType<typeof createCatalogedApp>>;
const MARKER = 'INTERNAL-NOTE-7f3a9c';

/**
 * Issue 17: an agent's internal note on every one of a company's tickets, then every customer
 * read of that company by its admin (who sees the most): the note's text is in none of them,
 * nor in a search for it, a mail, the activity feed, or the ticket's "updated" time.
 */
describe('internal notes never reach a customer', () => {
  let t: Cataloged;
  let a: Tenant;
  let cookieA: string;
  let staffCookie: string;

  beforeAll(async () => {
    t = await createCatalogedApp({ rateLimitScale: 1000 });
    ({ a } = await tenants(t.app.db));
    cookieA = await sessionCookieFor(t.app, a.email);
    staffCookie = await sessionCookieFor(t.app, STAFF_EMAIL);
  });
  afterAll(() => t.close());

  it('adds a note to every ticket of the company through the staff API', async () => {
    const own = await t.app.db
      .select({ id: tickets.id, updatedAt: tickets.updatedAt })
      .from(tickets)
      .where(eq(tickets.customerId, a.customerId));
    expect(own.length).toBeGreaterThan(0);
    for (const ticket of own) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/staff/tickets/${ticket.id}/notes`,
        headers: { cookie: staffCookie },
        payload: { body: `${MARKER}: customer is on the naughty list` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const after = await t.app.db
      .select({ id: tickets.id, updatedAt: tickets.updatedAt })
      .from(tickets)
      .where(eq(tickets.customerId, a.customerId));
    expect(after).toEqual(own);
    const [count] = await t.app.db.select({ n: sql<number>`count(*)::int` }).from(ticketNotes);
    expect(count?.n).toBe(own.length);
  });

  it('shows the note in no customer route of that company, nor in a search for its text', async () => {
    const leaks: string[] = [];
    const reads = t.routes.filter((r) => isCustomerRoute(r) && r.method === 'GET');
    expect(reads.length).toBeGreaterThan(10);
    for (const route of reads) {
      const ids = new Map<string, string>();
      for (const m of route.url.matchAll(/:(\w+)/g)) {
        const name = m[1] ?? '';
        ids.set(name, await a.idFor(name));
      }
      const url = fillPath(route.url, (name) => ids.get(name) ?? '');
      for (const target of [url, `${url}?q=${MARKER}`]) {
        const res = await t.app.inject({ url: target, headers: { cookie: cookieA } });
        if (res.body.includes(MARKER)) leaks.push(`${target} -> ${res.statusCode}`);
      }
    }
    for (const url of ['/api/auth/user', '/api/auth/sign-ins']) {
      const res = await t.app.inject({ url, headers: { cookie: cookieA } });
      if (res.body.includes(MARKER)) leaks.push(url);
    }
    expect(leaks).toEqual([]);
  });

  it('sends no mail and writes no activity about it', async () => {
    const mails = await t.app.db.select().from(mailOutbox);
    expect(JSON.stringify(mails)).not.toContain(MARKER);
    const feed = await t.app.db.select().from(activities);
    expect(JSON.stringify(feed)).not.toContain(MARKER);
  });

  it('shows staff the notes, and refuses them to a customer user', async () => {
    const ticketId = await a.idFor('ticketId');
    const staff = await t.app.inject({
      url: `/api/staff/tickets/${ticketId}/notes`,
      headers: { cookie: staffCookie },
    });
    expect(staff.statusCode).toBe(200);
    expect(staff.body).toContain(MARKER);
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/staff/tickets/${ticketId}/notes`,
        headers: { cookie: cookieA },
        ...(method === 'POST' ? { payload: { body: 'sneaky' } } : {}),
      });
      expect(res.statusCode).toBe(403);
    }
  });

  it.each([
    [{ body: '' }, 'Note is required'],
    [{ body: '   ' }, 'Note is required'],
    [{ body: 'x'.repeat(5001) }, 'Must be at most 5000 characters'],
    [{}, 'Note is required'],
  ])('refuses %j with a 400 and stores nothing', async (payload, message) => {
    const ticketId = await a.idFor('ticketId');
    const before = await t.app.db.select().from(ticketNotes);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/staff/tickets/${ticketId}/notes`,
      headers: { cookie: staffCookie },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
    expect((await t.app.db.select().from(ticketNotes)).length).toBe(before.length);
  });

  it('answers 404 for a ticket that does not exist', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/staff/tickets/TK-999999999/notes',
        headers: { cookie: staffCookie },
        ...(method === 'POST' ? { payload: { body: 'lost' } } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});
