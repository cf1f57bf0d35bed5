// Issue 38 item 3 (ADR 061): replies to closed tickets by mail and portal, the follow-up
// window, the portal's reopen and mark-resolved routes.
import { and, eq, like, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TicketFollowUp } from '../../../shared/schemas/follow-up.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import {
  activities,
  auditLog,
  customerUsers,
  mailOutbox,
  ticketFollowUps,
  ticketReplies,
  tickets,
  ticketSlas,
  users,
} from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { ingestMessage } from '../../services/intake/ingest.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';

const newTicket = {
  subject: 'VPN drops every hour',
  description: 'The VPN drops every hour since Monday.',
  category: 'Hardware',
  department: 'IT Support',
};

describe('replies to closed tickets (issue 38, ADR 061)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  let nosyCookie = '';
  let strangerCookie = '';
  const base = () => `/api/customers/${ctx.acmeId}/tickets`;

  beforeAll(async () => {
    // A colleague who may not see Jordan's tickets (a member), and another company's admin.
    const [nosy] = await t.app.db
      .insert(users)
      .values({ email: 'nosy@closed.example', firstName: 'Nosy', lastName: 'Member' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: nosy!.id, customerId: ctx.acmeId, role: 'member' });
    nosyCookie = await sessionCookieFor(t.app, 'nosy@closed.example');
    const [stranger] = await t.app.db
      .insert(users)
      .values({ email: 'stranger@globex.example', firstName: 'Sam', lastName: 'Stranger' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: stranger!.id, customerId: ctx.globexId, role: 'admin' });
    strangerCookie = await sessionCookieFor(t.app, 'stranger@globex.example');
  });

  /** Jordan's new ticket, set to `status` by staff (a real close: clock stopped, rating mail). */
  async function ticketWith(status: 'open' | 'pending' | 'closed') {
    const res = await t.request('POST', base(), newTicket, ctx.customerCookie);
    expect(res.statusCode).toBe(201);
    const id = res.json<Ticket>().id;
    if (status !== 'open') {
      const changed = await t.request('PATCH', `/api/staff/tickets/${id}`, { status });
      expect(changed.statusCode).toBe(200);
    }
    return id;
  }
  /** Moves a closed ticket's close `days` into the past. */
  const closedDaysAgo = (id: string, days: number) =>
    t.app.db
      .update(ticketSlas)
      .set({ resolvedAt: sql`now() - make_interval(days => ${days}::int)` })
      .where(eq(ticketSlas.ticketId, id));
  const row = async (id: string) =>
    (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0]!;
  const clock = async (id: string) =>
    (await t.app.db.select().from(ticketSlas).where(eq(ticketSlas.ticketId, id)))[0]!;
  const messagesOf = (id: string) =>
    t.app.db
      .select({ message: ticketReplies.message })
      .from(ticketReplies)
      .where(eq(ticketReplies.ticketId, id))
      .then((rows) => rows.map((r) => r.message));
  const activityLines = (title: string) =>
    t.app.db.select().from(activities).where(eq(activities.title, title));

  let mailNumber = 0;
  /** A mail from Jordan (or `from`) answering ticket `id` by its subject. */
  function mail(id: string, body: string, opts: { from?: string; headers?: string[] } = {}) {
    mailNumber++;
    const raw = [
      `From: ${opts.from ?? DEMO_USERS.acme}`,
      'To: support@meridian.test',
      `Subject: Re: [${id}] VPN drops every hour`,
      `Message-ID: <closed-${mailNumber}-${Date.now()}@client.example>`,
      ...(opts.headers ?? []),
      'Content-Type: text/plain; charset=utf-8',
      '',
      body,
      '',
    ].join('\r\n');
    const deps = {
      db: t.app.db,
      storage: t.app.storage,
      config: t.config,
      write: t.app.write.bind(t.app),
    };
    return ingestMessage(deps, Buffer.from(raw));
  }

  describe('the follow-up window setting', () => {
    it('is 7 days by default; staff change it (audited), bad values are 400 and change nothing; customers 403', async () => {
      const read = await t.request('GET', '/api/staff/follow-up-window');
      expect(read.json()).toEqual({ days: 7 });
      for (const days of [-1, 91, 2.5, '7', null]) {
        const bad = await t.request('PUT', '/api/staff/follow-up-window', { days });
        expect(bad.statusCode).toBe(400);
        expect(bad.json<{ message: string }>().message).toMatch(/Days/);
      }
      const set = await t.request('PUT', '/api/staff/follow-up-window', { days: 14 });
      expect(set.statusCode).toBe(200);
      expect(set.json()).toEqual({ days: 14 });
      expect((await t.request('GET', '/api/staff/follow-up-window')).json()).toEqual({ days: 14 });
      const [audit] = await t.app.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.action, 'follow_up_window.update'));
      expect(audit?.details).toEqual({ before: 7, after: 14 });
      const customer = await t.request(
        'PUT',
        '/api/staff/follow-up-window',
        { days: 1 },
        ctx.customerCookie,
      );
      expect(customer.statusCode).toBe(403);
      await t.request('PUT', '/api/staff/follow-up-window', { days: 7 });
    });
  });

  describe('by mail', () => {
    it('reopens a closed ticket within the window: open, activity line, the clock runs against its due date', async () => {
      const id = await ticketWith('closed');
      const dueBefore = (await clock(id)).resolutionDueAt;
      expect(await mail(id, 'Thanks, but it dropped again at 10.')).toEqual({
        outcome: 'reply',
        ticketId: id,
      });
      expect((await row(id)).status).toBe('open');
      expect(await messagesOf(id)).toContain('Thanks, but it dropped again at 10.');
      expect(await activityLines(`Ticket ${id} reopened by Jordan Lee`)).toHaveLength(1);
      const after = await clock(id);
      expect(after.resolvedAt).toBeNull();
      expect(after.resolutionDueAt).toEqual(dueBefore);
    });

    it('keeps thanks on the closed ticket without reopening or touching its clock, and mails no one', async () => {
      const id = await ticketWith('closed');
      const before = await clock(id);
      const updatedAt = (await row(id)).updatedAt;
      const outbox = () =>
        t.app.db
          .select()
          .from(mailOutbox)
          .where(like(mailOutbox.subject, `[${id}] Customer reply%`));
      expect(await mail(id, 'Great, thanks!\n\nOn Monday Support wrote:\n> Closed.')).toEqual({
        outcome: 'reply',
        ticketId: id,
      });
      const kept = await row(id);
      expect(kept.status).toBe('closed');
      expect(kept.updatedAt).toEqual(updatedAt);
      expect(await messagesOf(id)).toContain('Great, thanks!');
      expect((await clock(id)).resolvedAt).toEqual(before.resolvedAt);
      expect(await outbox()).toHaveLength(0);
    });

    it.each([
      ['Auto-Submitted: auto-replied'],
      ['X-Autoreply: yes'],
      ['X-Autorespond: Out of office'],
      ['Precedence: auto_reply'],
      ['Precedence: bulk'],
    ])('keeps an auto-reply (%s) on the closed ticket, never reopening', async (header) => {
      const id = await ticketWith('closed');
      const result = await mail(id, 'I am out of the office until Monday. It is broken.', {
        headers: [header],
      });
      expect(result).toEqual({ outcome: 'reply', ticketId: id });
      expect((await row(id)).status).toBe('closed');
      expect(await messagesOf(id)).toContain('I am out of the office until Monday. It is broken.');
    });

    it('ignores an auto-reply to an open ticket, as before; Auto-Submitted: no is a person', async () => {
      const id = await ticketWith('open');
      expect(
        await mail(id, 'Out of office.', { headers: ['Auto-Submitted: auto-replied'] }),
      ).toEqual({ outcome: 'ignored', reason: 'auto-submitted' });
      const closed = await ticketWith('closed');
      await mail(closed, 'Still dropping.', { headers: ['Auto-Submitted: no'] });
      expect((await row(closed)).status).toBe('open');
    });

    it('after the window opens a new ticket linked to the closed one, as before issue 38', async () => {
      const id = await ticketWith('closed');
      await closedDaysAgo(id, 8);
      const result = await mail(id, 'It dropped again.');
      expect(result).toMatchObject({ outcome: 'ticket' });
      const newId = result.outcome === 'ticket' ? result.ticketId : '';
      expect(newId).not.toBe(id);
      expect((await row(id)).status).toBe('closed');
      const [link] = await t.app.db
        .select()
        .from(ticketFollowUps)
        .where(eq(ticketFollowUps.ticketId, newId));
      expect(link?.followsTicketId).toBe(id);
      // Thanks after the window is a new ticket too: the old one is not written on any more.
      expect(await mail(id, 'Thanks!')).toMatchObject({ outcome: 'ticket' });
    });

    it('a window of 0 days turns reopening off', async () => {
      await t.request('PUT', '/api/staff/follow-up-window', { days: 0 });
      const id = await ticketWith('closed');
      expect(await mail(id, 'It dropped again.')).toMatchObject({ outcome: 'ticket' });
      expect((await row(id)).status).toBe('closed');
      await t.request('PUT', '/api/staff/follow-up-window', { days: 7 });
    });

    it("a stranger's mail to another company's closed ticket neither reopens it nor lands on it", async () => {
      const id = await ticketWith('closed');
      const result = await mail(id, 'Reopen this please.', { from: 'stranger@globex.example' });
      expect(result).toMatchObject({ outcome: 'ticket' });
      expect(result).not.toMatchObject({ ticketId: id });
      expect((await row(id)).status).toBe('closed');
      expect(await messagesOf(id)).not.toContain('Reopen this please.');
      const [link] = await t.app.db
        .select()
        .from(ticketFollowUps)
        .where(and(eq(ticketFollowUps.followsTicketId, id)));
      expect(link).toBeUndefined();
    });
  });

  describe('in the portal', () => {
    const followUp = async (id: string, cookie = ctx.customerCookie) =>
      (
        await t.request('GET', `${base()}/${id}/follow-up`, undefined, cookie)
      ).json<TicketFollowUp>();

    it('reopens within the window (open, activity line, desk mail, clock running), 409 after it', async () => {
      const id = await ticketWith('closed');
      const offer = await followUp(id);
      expect(offer.mayResolve).toBe(false);
      const until = new Date(offer.reopenUntil!).getTime();
      expect(Math.abs(until - Date.now() - 7 * 86_400_000)).toBeLessThan(60_000);

      const reopened = await t.request(
        'POST',
        `${base()}/${id}/reopen`,
        undefined,
        ctx.customerCookie,
      );
      expect(reopened.statusCode).toBe(200);
      expect(reopened.json<Ticket>().status).toBe('open');
      expect((await clock(id)).resolvedAt).toBeNull();
      expect(await activityLines(`Ticket ${id} reopened by Jordan Lee`)).toHaveLength(1);
      const desk = await t.app.db
        .select({ text: mailOutbox.text })
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `[${id}] Customer reply%`));
      expect(desk.some((m) => m.text.includes('Jordan Lee reopened the ticket.'))).toBe(true);
      expect(await followUp(id)).toEqual({ reopenUntil: null, mayResolve: false });

      const again = await t.request(
        'POST',
        `${base()}/${id}/reopen`,
        undefined,
        ctx.customerCookie,
      );
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ message: 'Only a closed ticket can be reopened.' });

      const old = await ticketWith('closed');
      await closedDaysAgo(old, 8);
      expect((await followUp(old)).reopenUntil).toBeNull();
      const late = await t.request(
        'POST',
        `${base()}/${old}/reopen`,
        undefined,
        ctx.customerCookie,
      );
      expect(late.statusCode).toBe(409);
      expect(late.json()).toEqual({
        message: 'The time to reopen this ticket is over. Please open a new ticket.',
      });
      expect((await row(old)).status).toBe('closed');
    });

    it('marks a pending ticket resolved: closed, activity line, SLA resolution, rating mail; 409 on any other status', async () => {
      const id = await ticketWith('pending');
      expect((await followUp(id)).mayResolve).toBe(true);
      const resolved = await t.request(
        'POST',
        `${base()}/${id}/resolve`,
        undefined,
        ctx.customerCookie,
      );
      expect(resolved.statusCode).toBe(200);
      expect(resolved.json<Ticket>().status).toBe('closed');
      expect((await clock(id)).resolvedAt).not.toBeNull();
      expect(await activityLines(`Ticket ${id} marked as resolved by Jordan Lee`)).toHaveLength(1);
      const rating = await t.app.db
        .select()
        .from(mailOutbox)
        .where(like(mailOutbox.subject, `[${id}] How did we do?%`));
      expect(rating).toHaveLength(1);

      for (const status of ['open', 'closed'] as const) {
        const other = await ticketWith(status);
        const refused = await t.request(
          'POST',
          `${base()}/${other}/resolve`,
          undefined,
          ctx.customerCookie,
        );
        expect(refused.statusCode).toBe(409);
        expect(refused.json()).toEqual({
          message: 'Only a ticket waiting on you (pending) can be marked as resolved.',
        });
        expect((await row(other)).status).toBe(status);
      }
    });

    it('is 404 for a member who cannot see the ticket and for another company, changing nothing', async () => {
      const closed = await ticketWith('closed');
      const pending = await ticketWith('pending');
      for (const cookie of [nosyCookie, strangerCookie]) {
        for (const [id, action] of [
          [closed, 'reopen'],
          [pending, 'resolve'],
        ] as const) {
          const res = await t.request('POST', `${base()}/${id}/${action}`, undefined, cookie);
          expect([403, 404]).toContain(res.statusCode);
          if (cookie === nosyCookie) expect(res.statusCode).toBe(404);
        }
        const read = await t.request('GET', `${base()}/${closed}/follow-up`, undefined, cookie);
        expect([403, 404]).toContain(read.statusCode);
      }
      // Through their own company's path, another company's ticket is not there either.
      const viaGlobex = await t.request(
        'POST',
        `/api/customers/${ctx.globexId}/tickets/${closed}/reopen`,
        undefined,
        strangerCookie,
      );
      expect(viaGlobex.statusCode).toBe(404);
      expect((await row(closed)).status).toBe('closed');
      expect((await row(pending)).status).toBe('pending');
    });
  });
});
