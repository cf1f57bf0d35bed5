import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  customerUsers,
  customers,
  mailOutbox,
  notificationPreferences,
  tickets,
  users,
} from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { enqueueTicketUpdateMail } from './ticket-mails.ts';

const newTicket = {
  subject: 'VPN drops every hour',
  description: 'The VPN client disconnects on the hour, every hour.',
  category: 'Network & Security',
  department: 'Network Administration',
};

async function acmeId(t: TestApp) {
  const [row] = await t.app.db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.name, 'Acme Logistics'));
  return row!.id;
}

describe('ticket e-mails through a real SMTP server', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  let customerId: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, supportEmail: 'desk@meridian.test' });
    customerId = await acmeId(t);
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  it('sends a new ticket to the support desk and acknowledges it to its author', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/customers/${customerId}/tickets`,
      payload: newTicket,
      headers: { cookie: await sessionCookieFor(t.app, DEMO_USERS.acme) },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json<{ id: string }>();
    expect(await t.app.mail.flush()).toBe(2);

    const [desk] = sink.mailsTo('desk@meridian.test');
    expect(desk?.subject).toBe(`[${id}] New ticket from Acme Logistics: VPN drops every hour`);
    expect(desk?.text).toContain('Jordan Lee (jordan.lee@acme-logistics.example)');
    expect(desk?.text).toContain('The VPN client disconnects on the hour, every hour.');
    const [ack] = sink.mailsTo(DEMO_USERS.acme);
    expect(ack?.subject).toBe(`[${id}] We received your ticket: VPN drops every hour`);
    expect(ack?.text).toContain('http://localhost:3000/portal/tickets');
  });

  it("e-mails an agent's reply and a status change only to company users with ticket e-mails on", async () => {
    // A second Acme user who turned ticket e-mails off.
    const [quiet] = await t.app.db
      .insert(users)
      .values({ email: 'quiet@acme-logistics.example', firstName: 'Quinn', lastName: 'Hale' })
      .returning({ id: users.id });
    await t.app.db.insert(customerUsers).values({ userId: quiet!.id, customerId, position: 0 });
    await t.app.db
      .insert(notificationPreferences)
      .values({ userId: quiet!.id, emailTickets: false });
    const [ticket] = await t.app.db
      .select({ id: tickets.id, subject: tickets.subject })
      .from(tickets)
      .where(and(eq(tickets.customerId, customerId), eq(tickets.status, 'open')))
      .limit(1);
    const before = sink.received.length;

    const counts = await t.app.db.transaction(async (tx) => [
      await enqueueTicketUpdateMail(tx, t.config, {
        ticketId: ticket!.id,
        kind: 'reply',
        author: 'Morgan Hayes',
        message: 'We replaced the access point.',
      }),
      await enqueueTicketUpdateMail(tx, t.config, {
        ticketId: ticket!.id,
        kind: 'status',
        status: 'closed',
      }),
    ]);
    expect(counts).toEqual([1, 1]);
    expect(await t.app.mail.flush()).toBe(2);

    const fresh = sink.received.slice(before);
    expect(fresh.map((m) => m.to)).toEqual([[DEMO_USERS.acme], [DEMO_USERS.acme]]);
    expect(fresh[0]?.subject).toBe(`[${ticket!.id}] New reply: ${ticket!.subject}`);
    expect(fresh[0]?.text).toContain('Morgan Hayes replied');
    expect(fresh[0]?.text).toContain('We replaced the access point.');
    // Issue 21: a ticket notification unsubscribes from ticket mails with one click.
    expect(fresh[0]?.listUnsubscribe).toMatch(
      /\/api\/notifications\/unsubscribe\?token=[^.]+\.tickets\./,
    );
    expect(fresh[0]?.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    // An agent's reply is a person's words: no Auto-Submitted; a status change is automatic.
    expect(fresh[0]?.autoSubmitted).toBe('');
    expect(fresh[1]?.autoSubmitted).toBe('auto-generated');
    expect(fresh[1]?.subject).toBe(`[${ticket!.id}] Status changed to closed: ${ticket!.subject}`);
    expect(sink.mailsTo('quiet@acme-logistics.example')).toEqual([]);
  });

  it('sends nothing when every user of the company turned ticket e-mails off', async () => {
    await t.app.db
      .update(notificationPreferences)
      .set({ emailTickets: false })
      .where(
        sql`${notificationPreferences.userId} in (select ${customerUsers.userId} from ${customerUsers} where ${customerUsers.customerId} = ${customerId})`,
      );
    const [ticket] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.customerId, customerId))
      .limit(1);
    const count = await t.app.db.transaction((tx) =>
      enqueueTicketUpdateMail(tx, t.config, {
        ticketId: ticket!.id,
        kind: 'status',
        status: 'pending',
      }),
    );
    expect(count).toBe(0);
  });

  it("mails an agent's reply on a private ticket only to its author and the company's admins", async () => {
    const member = async (email: string, role: 'technical' | 'member' | 'admin') => {
      const [u] = await t.app.db
        .insert(users)
        .values({ email, firstName: role, lastName: 'Reader' })
        .returning({ id: users.id });
      await t.app.db.insert(customerUsers).values({ userId: u!.id, customerId, role });
      return u!.id;
    };
    const author = await member('private.author@acme-logistics.example', 'member');
    await member('tech.reader@acme-logistics.example', 'technical');
    await member('other.member@acme-logistics.example', 'member');
    await member('second.admin@acme-logistics.example', 'admin');
    const [ticket] = await t.app.db
      .insert(tickets)
      .values({
        customerId,
        subject: 'Salary spreadsheet access',
        description: 'private',
        category: 'Hardware',
        department: 'IT Support',
        private: true,
        createdByUserId: author,
      })
      .returning({ id: tickets.id });
    const before = sink.received.length;
    await t.app.db.transaction((tx) =>
      enqueueTicketUpdateMail(tx, t.config, {
        ticketId: ticket!.id,
        kind: 'reply',
        author: 'Morgan Hayes',
        message: 'Done.',
      }),
    );
    await t.app.mail.flush();
    const to = sink.received
      .slice(before)
      .flatMap((m) => m.to)
      .sort();
    // (Jordan, the seeded admin, may have turned ticket e-mails off in an earlier test.)
    expect(to).toEqual(
      expect.arrayContaining([
        'private.author@acme-logistics.example',
        'second.admin@acme-logistics.example',
      ]),
    );
    expect(to).not.toContain('tech.reader@acme-logistics.example');
    expect(to).not.toContain('other.member@acme-logistics.example');
  });
});

describe('ticket e-mails when the mail server is down', () => {
  it('keeps the mail in the outbox, answers the user, and delivers on a later round', async () => {
    const first = await startSmtpSink();
    const port = first.port;
    await first.close();
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    let sink: Awaited<ReturnType<typeof startSmtpSink>> | undefined;
    try {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/customers/${await acmeId(t)}/tickets`,
        payload: newTicket,
        headers: { cookie: await sessionCookieFor(t.app, DEMO_USERS.acme) },
      });
      expect(res.statusCode).toBe(201);

      expect(await t.app.mail.flush()).toBe(0);
      const pending = await t.app.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.status, 'pending'));
      expect(pending).toHaveLength(2);
      for (const row of pending) {
        expect(row.attempts).toBe(1);
        expect(row.lastError).toBeTruthy();
        expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      }

      sink = await startSmtpSink({ port });
      // The backoff has not elapsed yet: make the rows due instead of waiting. A second in
      // the past, not the database's now(): its microseconds can land after the worker's
      // millisecond clock within the same millisecond, and the row would not yet be due.
      await t.app.db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) });
      expect(await t.app.mail.flush()).toBe(2);
      expect(sink.mailsTo('support@meridian-it.example')).toHaveLength(1);
      expect(sink.mailsTo(DEMO_USERS.acme)).toHaveLength(1);
      const rows = await t.app.db.select().from(mailOutbox);
      expect(rows.map((r) => [r.status, r.attempts])).toEqual([
        ['sent', 2],
        ['sent', 2],
      ]);
    } finally {
      await t.close();
      await sink?.close();
    }
  });
});
