// Issue 17 item 2: colleagues in copy of a ticket (ADR 036).
import { and, eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '../../../shared/permissions.ts';
import type { TicketWatchers } from '../../../shared/schemas/ticket-watchers.ts';
import type { Ticket } from '../../../shared/schemas/tickets.ts';
import {
  auditLog,
  customerUsers,
  mailOutbox,
  notificationPreferences,
  ticketReplies,
  ticketWatchers,
  users,
} from '../../db/schema.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { useStaffTestApp } from '../../test/staff-test-app.ts';
import { ingestMessage } from '../../services/intake/ingest.ts';

const newTicket = {
  subject: 'Label printer offline',
  description: 'The label printer at dock 3 shows offline since this morning.',
  category: 'Hardware',
  department: 'IT Support',
};

describe('ticket watchers (issue 17)', () => {
  const t = useStaffTestApp();
  const { ctx } = t;
  const people: Record<string, { id: string; email: string; cookie: string }> = {};

  /** A user of `customerId` with `role`; `active: false` deactivates the membership. */
  async function colleague(
    key: string,
    customerId: string,
    role: CompanyRole,
    opts: { active?: boolean } = {},
  ) {
    const email = `${key}@watchers.example`;
    const [user] = await t.app.db
      .insert(users)
      .values({ email, firstName: key[0]!.toUpperCase() + key.slice(1), lastName: 'Test' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: user!.id, customerId, role, active: opts.active ?? true });
    people[key] = { id: user!.id, email, cookie: await sessionCookieFor(t.app, email) };
  }

  const api = (
    method: 'GET' | 'POST' | 'DELETE' | 'PUT',
    url: string,
    cookie: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const base = () => `/api/customers/${ctx.acmeId}/tickets`;

  async function openTicket(cookie = ctx.customerCookie, extra: object = {}) {
    const res = await api('POST', base(), cookie, { ...newTicket, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json<Ticket>().id;
  }

  beforeAll(async () => {
    await colleague('dana', ctx.acmeId, 'member');
    await colleague('bill', ctx.acmeId, 'billing');
    await colleague('nosy', ctx.acmeId, 'member');
    await colleague('gone', ctx.acmeId, 'member', { active: false });
    await colleague('other', ctx.globexId, 'admin');
  });

  it('adds a colleague: a conversation line, their list shows the ticket, others still do not', async () => {
    const id = await openTicket();
    const before = await api('GET', base(), people.dana!.cookie);
    expect(before.json<Ticket[]>().map((x) => x.id)).not.toContain(id);

    const listed = await api('GET', `${base()}/${id}/watchers`, ctx.customerCookie);
    const { candidates } = listed.json<TicketWatchers>();
    expect(candidates.map((c) => c.email)).toEqual(
      expect.arrayContaining([people.dana!.email, people.bill!.email]),
    );
    expect(candidates.map((c) => c.email)).not.toContain(people.gone!.email);
    expect(candidates.map((c) => c.email)).not.toContain(people.other!.email);

    const added = await api('POST', `${base()}/${id}/watchers`, ctx.customerCookie, {
      userId: people.dana!.id,
    });
    expect(added.statusCode).toBe(201);
    // Review row 99: the line is an event of its own, never one of the spec's replies.
    const answer = added.json<Ticket>();
    expect(answer.replies).toEqual([]);
    expect(answer.events).toEqual([
      {
        id: expect.any(String),
        kind: 'watcher-added',
        message: 'Jordan Lee added Dana Test',
        author: 'Jordan Lee',
        createdAt: expect.any(String),
      },
    ]);

    const danaList = await api('GET', base(), people.dana!.cookie);
    expect(danaList.json<Ticket[]>().map((x) => x.id)).toContain(id);
    const danaSummary = await api('GET', `${base()}/summary`, people.dana!.cookie);
    expect(danaSummary.json<{ total: number }>().total).toBeGreaterThanOrEqual(1);
    const nosyList = await api('GET', base(), people.nosy!.cookie);
    expect(nosyList.json<Ticket[]>().map((x) => x.id)).not.toContain(id);
    // The watcher may reply; someone not in copy may not even see it.
    const reply = await api('POST', `${base()}/${id}/replies`, people.dana!.cookie, {
      message: 'Same here at dock 4.',
    });
    expect(reply.statusCode).toBe(201);
    const danaSees = (await api('GET', base(), people.dana!.cookie))
      .json<Ticket[]>()
      .find((x) => x.id === id)!;
    expect(danaSees.replies.map((r) => r.message)).toEqual(['Same here at dock 4.']);
    expect(danaSees.replies.every((r) => !('kind' in r))).toBe(true);
    expect(danaSees.events.map((e) => e.kind)).toEqual(['watcher-added']);
    const nosy = await api('POST', `${base()}/${id}/replies`, people.nosy!.cookie, {
      message: 'Let me in.',
    });
    expect(nosy.statusCode).toBe(404);
    const nosyAdds = await api('POST', `${base()}/${id}/watchers`, people.nosy!.cookie, {
      userId: people.nosy!.id,
    });
    expect(nosyAdds.statusCode).toBe(404);
    // Staff see the watchers and the line too.
    const inCopy = await api('GET', `/api/staff/tickets/${id}/watchers`, ctx.staffCookie);
    expect(inCopy.json<{ watchers: { email: string }[] }>().watchers.map((w) => w.email)).toEqual([
      people.dana!.email,
    ]);
    const staffView = await api('GET', `/api/staff/tickets/${id}`, ctx.staffCookie);
    const staffTicket = staffView.json<Ticket>();
    expect(staffTicket.replies.map((r) => r.message)).toEqual(['Same here at dock 4.']);
    expect(staffTicket.events.map((e) => e.message)).toEqual(['Jordan Lee added Dana Test']);
  });

  it('refuses another company, an inactive member, the author, twice, a private ticket: nothing stored', async () => {
    const id = await openTicket();
    const add = (userId: string, cookie = ctx.customerCookie) =>
      api('POST', `${base()}/${id}/watchers`, cookie, { userId });
    const cases: [string, number, string][] = [
      [people.other!.id, 400, 'Only active colleagues of this company can be added'],
      [people.gone!.id, 400, 'Only active colleagues of this company can be added'],
      [
        '00000000-0000-4000-8000-000000000000',
        400,
        'Only active colleagues of this company can be added',
      ],
      ['not-a-uuid', 400, 'Choose a colleague'],
    ];
    for (const [userId, status, message] of cases) {
      const res = await add(userId);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ message });
    }
    const [author] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'jordan.lee@acme-logistics.example'));
    expect((await add(author!.id)).json()).toEqual({
      message: 'The author of a ticket already receives its mails',
    });
    expect((await add(people.bill!.id)).statusCode).toBe(201);
    const twice = await add(people.bill!.id);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toEqual({ message: 'This colleague is already in copy' });

    const stored = await t.app.db
      .select({ userId: ticketWatchers.userId })
      .from(ticketWatchers)
      .where(eq(ticketWatchers.ticketId, id));
    expect(stored).toEqual([{ userId: people.bill!.id }]);
    const lines = await t.app.db
      .select()
      .from(ticketReplies)
      .where(and(eq(ticketReplies.ticketId, id), eq(ticketReplies.kind, 'watcher-added')));
    expect(lines).toHaveLength(1);

    const privateId = await openTicket(ctx.customerCookie, { private: true });
    const res = await api('POST', `${base()}/${privateId}/watchers`, ctx.customerCookie, {
      userId: people.dana!.id,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'A private ticket cannot have colleagues in copy' });
    // Even a watcher row written behind the service's back shows nothing private.
    await t.app.db.insert(ticketWatchers).values({ ticketId: privateId, userId: people.dana!.id });
    const danaList = await api('GET', base(), people.dana!.cookie);
    expect(danaList.json<Ticket[]>().map((x) => x.id)).not.toContain(privateId);
  });

  it('removes a watcher: a line, the ticket leaves their list; removing someone not in copy is 404', async () => {
    const id = await openTicket();
    await api('POST', `${base()}/${id}/watchers`, ctx.customerCookie, { userId: people.dana!.id });
    const removed = await api(
      'DELETE',
      `${base()}/${id}/watchers/${people.dana!.id}`,
      people.dana!.cookie,
    );
    expect(removed.statusCode).toBe(200);
    const lines = await t.app.db
      .select({ message: ticketReplies.message })
      .from(ticketReplies)
      .where(and(eq(ticketReplies.ticketId, id), eq(ticketReplies.kind, 'watcher-removed')));
    expect(lines).toEqual([{ message: 'Dana Test removed Dana Test' }]);
    const danaList = await api('GET', base(), people.dana!.cookie);
    expect(danaList.json<Ticket[]>().map((x) => x.id)).not.toContain(id);
    const again = await api(
      'DELETE',
      `${base()}/${id}/watchers/${people.dana!.id}`,
      ctx.customerCookie,
    );
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'This colleague is not in copy' });
    const audit = await t.app.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.entityId, id));
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['ticket.watcher.add', 'ticket.watcher.remove']),
    );
  });

  it("mails an agent's reply to watchers whose ticket-mail switch is on, and to Cc addresses", async () => {
    const id = await openTicket();
    for (const who of ['dana', 'bill'])
      await api('POST', `${base()}/${id}/watchers`, ctx.customerCookie, {
        userId: people[who]!.id,
      });
    await t.app.db
      .insert(notificationPreferences)
      .values({ userId: people.bill!.id, emailTickets: false });
    const added = await t.app.db
      .select({ to: mailOutbox.to, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `[${id}] You are in copy%`));
    expect(added.map((m) => m.to).sort()).toEqual([people.bill!.email, people.dana!.email].sort());

    const reply = await api('POST', `/api/staff/tickets/${id}/replies`, ctx.staffCookie, {
      message: 'We are sending a technician.',
      cc: ['vendor@printers.example', 'VENDOR@printers.example', people.dana!.email],
    });
    expect(reply.statusCode).toBe(201);
    const mails = await t.app.db
      .select({ to: mailOutbox.to, text: mailOutbox.text, headers: mailOutbox.headers })
      .from(mailOutbox)
      .where(like(mailOutbox.subject, `[${id}] New reply%`));
    const to = mails.map((m) => m.to.toLowerCase()).sort();
    // The author, Dana (watcher, switch on), the vendor once; Bill (switch off) and Nosy not.
    expect(to).toEqual(
      ['jordan.lee@acme-logistics.example', people.dana!.email, 'vendor@printers.example'].sort(),
    );
    const vendor = mails.find((m) => m.to.toLowerCase() === 'vendor@printers.example')!;
    expect(vendor.text).toContain('and copied you');
    // Every copy joins the ticket's mail thread, so an answer threads back.
    expect(vendor.headers?.References).toContain(`ticket-${id}@`);
  });

  it('refuses bad Cc addresses and more than 10, sending nothing', async () => {
    const id = await openTicket();
    const send = (cc: unknown) =>
      api('POST', `/api/staff/tickets/${id}/replies`, ctx.staffCookie, {
        message: 'Hello',
        cc: cc as string[],
      });
    const bad = await send(['not an address']);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Each copy address must be a valid e-mail address' });
    const many = await send(Array.from({ length: 11 }, (_, i) => `p${i}@cc.example`));
    expect(many.statusCode).toBe(400);
    expect(many.json()).toEqual({ message: 'At most 10 copy addresses' });
    const replies = await t.app.db
      .select()
      .from(ticketReplies)
      .where(and(eq(ticketReplies.ticketId, id), eq(ticketReplies.isAgent, true)));
    expect(replies).toHaveLength(0);
  });

  it("threads a watcher's answer by mail back into the ticket as their reply", async () => {
    const id = await openTicket();
    await api('POST', `${base()}/${id}/watchers`, ctx.customerCookie, { userId: people.dana!.id });
    const [mail] = await t.app.db
      .select({ messageId: mailOutbox.messageId })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, people.dana!.email), like(mailOutbox.subject, `[${id}]%`)));
    const raw = [
      `From: ${people.dana!.email}`,
      'To: support@meridian.test',
      `Subject: Re: [${id}] You are in copy`,
      `Message-ID: <watcher-answer-${id}@client.example>`,
      `In-Reply-To: ${mail!.messageId}`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Dock 4 too, since 9 am.',
      '',
    ].join('\r\n');
    const deps = {
      db: t.app.db,
      storage: t.app.storage,
      config: t.config,
      write: t.app.write.bind(t.app),
    };
    expect(await ingestMessage(deps, Buffer.from(raw))).toEqual({ outcome: 'reply', ticketId: id });
    const [reply] = await t.app.db
      .select({ author: ticketReplies.author, message: ticketReplies.message })
      .from(ticketReplies)
      .where(and(eq(ticketReplies.ticketId, id), eq(ticketReplies.kind, 'message')));
    expect(reply).toEqual({ author: 'Dana Test', message: 'Dock 4 too, since 9 am.' });
    // A colleague not in copy answering the same thread opens a ticket of their own instead.
    const nosy = raw
      .replace(people.dana!.email, people.nosy!.email)
      .replace('<watcher-answer-', '<nosy-answer-');
    const result = await ingestMessage(deps, Buffer.from(nosy));
    expect(result).toMatchObject({ outcome: 'ticket' });
    expect(result).not.toMatchObject({ ticketId: id });
  });
});
