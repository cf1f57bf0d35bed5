import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ticketSchema, type Ticket } from '../../../shared/schemas/tickets.ts';
import { customers, ticketReplies, tickets } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const validTicket = {
  subject: 'Printer on floor 2 jams',
  description: 'The HP printer near the kitchen jams on every second page.',
  priority: 'high',
  category: 'Hardware',
  department: 'IT Support',
};

describe('tickets API', () => {
  let t: TestApp;
  let acmeId: string;
  let globexId: string;
  let acmeCookie: string;

  const ticketsUrl = (customerId = acmeId) => `/api/customers/${customerId}/tickets`;
  const post = (url: string, payload: unknown, cookie = acmeCookie) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
  const list = async (customerId = acmeId, cookie = acmeCookie) => {
    const res = await t.app.inject({
      method: 'GET',
      url: ticketsUrl(customerId),
      headers: { cookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    // The list is JSON built by the database: the shared schema must accept it unchanged.
    const body = res.json<Ticket[]>();
    expect(z.array(ticketSchema).parse(body)).toEqual(body);
    return body;
  };
  /** A seeded ticket of the company in the given status. */
  const seededTicket = async (customerId: string, status: 'open' | 'closed') => {
    const [found] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.customerId, customerId), eq(tickets.status, status)))
      .limit(1);
    if (!found) throw new Error(`no ${status} ticket seeded`);
    return found.id;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.app.db.select({ id: customers.id, name: customers.name }).from(customers);
    acmeId = rows.find((r) => r.name === 'Acme Logistics')!.id;
    globexId = rows.find((r) => r.name === 'Globex Retail')!.id;
    acmeCookie = await sessionCookieFor(t.app, DEMO_USERS.acme);
  });
  afterAll(() => t.close());

  it('lists the company tickets newest first, each conversation oldest first', async () => {
    const body = await list();
    expect(body).toHaveLength(4);
    expect(body.map((x) => x.subject)).toEqual([
      'Accounting software license count',
      'Scanner drops Wi-Fi near dock door 12',
      'New hire laptop for dispatch',
      'Shared mailbox for claims team',
    ]);
    const scanner = body[1]!;
    expect(scanner.id).toMatch(/^TK-\d{4,}$/);
    expect(scanner.assignedTo).toBe('Morgan Hayes');
    expect(body[0]!.assignedTo).toBeNull();
    expect(scanner.replies.map((r) => [r.isAgent, r.author])).toEqual([
      [true, 'Morgan Hayes'],
      [false, 'Jordan Lee'],
    ]);
    const replies = await t.app.db
      .select()
      .from(ticketReplies)
      .where(eq(ticketReplies.ticketId, scanner.id))
      .orderBy(ticketReplies.createdAt);
    expect(scanner.replies).toEqual(
      replies.map((r) => ({
        id: r.id,
        message: r.message,
        author: r.author,
        isAgent: r.isAgent,
        createdAt: r.createdAt.toISOString(),
      })),
    );
    const [row] = await t.app.db.select().from(tickets).where(eq(tickets.id, scanner.id));
    expect([scanner.createdAt, scanner.updatedAt]).toEqual([
      row!.createdAt.toISOString(),
      row!.updatedAt.toISOString(),
    ]);
  });

  it('needs a signed-in user linked to the company', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: ticketsUrl() });
    expect(anonymous.statusCode).toBe(401);
    const other = await t.app.inject({
      method: 'GET',
      url: ticketsUrl(globexId),
      headers: { cookie: acmeCookie },
    });
    expect(other.statusCode).toBe(403);
  });

  it('creates a ticket that starts open, with a human id, and lists it', async () => {
    const res = await post(ticketsUrl(), validTicket);
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created).toMatchObject({
      ...validTicket,
      status: 'open',
      assignedTo: null,
      replies: [],
      events: [],
    });
    expect(created.id).toMatch(/^TK-\d{4,}$/);
    const listed = await list();
    expect(listed[0]).toEqual(created);
  });

  it('gives every new ticket a different id', async () => {
    const a = (await post(ticketsUrl(), validTicket)).json<{ id: string }>();
    const b = (await post(ticketsUrl(), validTicket)).json<{ id: string }>();
    expect(a.id).not.toBe(b.id);
  });

  it('defaults the priority to normal', async () => {
    const { priority: _p, ...noPriority } = validTicket;
    const res = await post(ticketsUrl(), noPriority);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ priority: 'normal', status: 'open' });
  });

  it.each([
    ['subject', { subject: '   ' }, 'Subject is required'],
    ['missing subject', { subject: undefined }, 'Subject is required'],
    ['description', { description: '' }, 'Description is required'],
    ['category', { category: 'Plumbing' }, 'Category is required'],
    ['missing category', { category: undefined }, 'Category is required'],
    ['department', { department: '' }, 'Department is required'],
    ['priority', { priority: 'urgent' }, 'Priority must be high, normal or low'],
  ])(
    'refuses an invalid %s with the spec message and writes nothing',
    async (_f, change, message) => {
      const before = (await list()).length;
      const res = await post(ticketsUrl(), { ...validTicket, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message });
      expect(await list()).toHaveLength(before);
    },
  );

  it('ignores a status sent by the customer: a new ticket is always open', async () => {
    const res = await post(ticketsUrl(), { ...validTicket, status: 'closed' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'open' });
  });

  it('adds a customer reply with the user name and isAgent false, last in the conversation', async () => {
    const id = await seededTicket(acmeId, 'open');
    const res = await post(`${ticketsUrl()}/${id}/replies`, {
      message: '  Still happening today.  ',
    });
    expect(res.statusCode).toBe(201);
    const ticket = res.json<{ replies: Array<Record<string, unknown>>; updatedAt: string }>();
    expect(ticket.replies.at(-1)).toMatchObject({
      message: 'Still happening today.',
      author: 'Jordan Lee',
      isAgent: false,
    });
    const listed = (await list()).find((x) => x.id === id)!;
    expect(listed.replies.at(-1)).toMatchObject({ message: 'Still happening today.' });
    expect(Date.now() - Date.parse(ticket.updatedAt)).toBeLessThan(60_000);
  });

  it('refuses a blank reply', async () => {
    const id = await seededTicket(acmeId, 'open');
    const before = (await list()).find((x) => x.id === id)!.replies.length;
    const res = await post(`${ticketsUrl()}/${id}/replies`, { message: ' \n ' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Message is required' });
    expect((await list()).find((x) => x.id === id)!.replies).toHaveLength(before);
  });

  it('refuses a reply to a closed ticket with 409', async () => {
    const id = await seededTicket(acmeId, 'closed');
    const before = (await list()).find((x) => x.id === id)!.replies.length;
    const res = await post(`${ticketsUrl()}/${id}/replies`, { message: 'Reopen please' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'This ticket is closed. Please open a new ticket.' });
    expect((await list()).find((x) => x.id === id)!.replies).toHaveLength(before);
  });

  it("refuses a reply to another company's ticket (404 through our company, 403 through theirs)", async () => {
    const globexTicket = await seededTicket(globexId, 'open');
    const viaOwn = await post(`${ticketsUrl()}/${globexTicket}/replies`, { message: 'Hi' });
    expect(viaOwn.statusCode).toBe(404);
    expect(viaOwn.json()).toEqual({ message: 'Ticket not found' });
    const viaTheirs = await post(`${ticketsUrl(globexId)}/${globexTicket}/replies`, {
      message: 'Hi',
    });
    expect(viaTheirs.statusCode).toBe(403);
    const unknown = await post(`${ticketsUrl()}/TK-999999/replies`, { message: 'Hi' });
    expect(unknown.statusCode).toBe(404);
  });

  it('returns descriptions and messages exactly as typed (the client renders them as text)', async () => {
    const markup = '<img src=x onerror=alert(1)>';
    const created = (await post(ticketsUrl(), { ...validTicket, description: markup })).json<{
      id: string;
    }>();
    const res = await post(`${ticketsUrl()}/${created.id}/replies`, { message: markup });
    expect(res.json()).toMatchObject({ description: markup, replies: [{ message: markup }] });
  });
});
