import { eq, inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  customerUsers,
  domainEvents,
  invoiceReminders,
  invoices,
  mailOutbox,
  notificationPreferences,
  notifications,
  users,
} from '../db/schema.ts';
import { useStaffTestApp } from '../test/staff-test-app.ts';
import { DEMO_USERS } from '../seed/demo.ts';
import { sweepInvoiceReminders } from './invoice-reminders.ts';
import { recordEvent, sweepOverdueInvoices } from './domain-events.ts';
import { unsubscribeToken } from './unsubscribe-tokens.ts';
import type { CompanyRole } from '../../shared/permissions.ts';

// Issue 21 item 2: who gets a notification mail (role, switch, digest), reminders on the right
// days across a month end, and one-click unsubscribe without signing in.
describe('notification mails', () => {
  const t = useStaffTestApp({ smtpSink: true });
  const { ctx } = t;
  const member = (role: string) => `${role}@acme-logistics.example`;

  async function addMember(email: string, role: CompanyRole, prefs: object = {}) {
    const [user] = await t.app.db
      .insert(users)
      .values({ email, firstName: role, lastName: 'Tester', role: 'customer' })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: user!.id, customerId: ctx.acmeId, role, position: 0 });
    if (Object.keys(prefs).length)
      await t.app.db.insert(notificationPreferences).values({ userId: user!.id, ...prefs });
    return user!.id;
  }

  /** The invoices with these numbers, and the reminder stages recorded for them. */
  async function remindersOf(numbers: string[]) {
    const ids = await t.app.db
      .select({ id: invoices.id, number: invoices.number })
      .from(invoices)
      .where(inArray(invoices.number, numbers));
    const stages = await t.app.db
      .select()
      .from(invoiceReminders)
      .where(
        inArray(
          invoiceReminders.invoiceId,
          ids.map((i) => i.id),
        ),
      );
    return { ids, stages };
  }

  const deliver = async () => {
    await t.app.notifications.flush();
    await t.app.mail.flush();
  };

  beforeAll(async () => {
    await addMember(member('billing'), 'billing');
    await addMember(member('technical'), 'technical');
    await addMember(member('member'), 'member');
    await addMember(member('billing-off'), 'billing', { emailInvoices: false });
    await addMember(member('billing-digest'), 'billing', { emailDigest: true });
  });

  const staff = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, payload, headers: { cookie: ctx.staffCookie } });

  it('mails a new invoice to the members whose role sees invoices and whose switch is on', async () => {
    const created = await staff('POST', `/api/staff/customers/${ctx.acmeId}/invoices`, {
      number: 'INV-2026-7001',
      description: 'Firewall renewal',
      amount: 980,
      status: 'pending',
      issueDate: '2026-11-01',
      dueDate: '2026-12-01',
    });
    expect(created.statusCode, created.body).toBe(201);
    await deliver();

    const got = (to: string) =>
      t.sink.mailsTo(to).filter((m) => m.subject.includes('INV-2026-7001'));
    for (const to of [DEMO_USERS.acme, member('billing')]) {
      const [mail] = got(to);
      expect(mail?.subject).toBe('New invoice INV-2026-7001');
      expect(mail?.text).toContain('Invoice INV-2026-7001 for USD 980.00 is ready');
      expect(mail?.text).toContain(`/portal/invoices?company=${ctx.acmeId}`);
      expect(mail?.html).toContain('Change your preferences');
      expect(mail?.autoSubmitted).toBe('auto-generated');
      expect(mail?.listUnsubscribe).toMatch(
        /^<http:\/\/.+\/api\/notifications\/unsubscribe\?token=.+>$/,
      );
      expect(mail?.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
    }
    // Role without invoices, switch off, digest chosen, another company: nothing now.
    for (const to of [
      member('technical'),
      member('member'),
      member('billing-off'),
      member('billing-digest'),
      DEMO_USERS.globex,
    ])
      expect(got(to)).toEqual([]);
  });

  // Review N14: the token never expires, so a read of the table or a backup must not yield it.
  it('forgets the unsubscribe token in the outbox once the mail is sent', async () => {
    const [mail] = t.sink
      .mailsTo(DEMO_USERS.acme)
      .filter((m) => m.subject === 'New invoice INV-2026-7001');
    const token = new URL(mail!.listUnsubscribe.slice(1, -1)).searchParams.get('token')!;
    expect(mail?.text).toContain(token);
    const rows = await t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, 'New invoice INV-2026-7001'));
    const sent = rows.filter((r) => r.to === DEMO_USERS.acme);
    expect(sent.map((r) => r.status)).toEqual(['sent']);
    for (const row of rows) {
      const stored = JSON.stringify([row.text, row.html, row.headers, row.secrets]);
      expect(stored).not.toContain(token);
      expect(stored).not.toMatch(/token=[\w-]+\.\w+\./);
    }
    expect(sent[0]?.headers?.['List-Unsubscribe']).toContain('token=[removed after sending]');
    expect(sent[0]?.text).toContain('[removed after sending]');
  });

  it('queues project, document and maintenance notices for the roles that see them', async () => {
    const recipientsOf = async (event: Parameters<typeof recordEvent>[1]) => {
      const eventId = await t.app.db.transaction(async (tx) => {
        const before = await tx.select({ id: notifications.id }).from(notifications);
        await recordEvent(tx, event);
        const after = await tx
          .select({ email: users.email, id: notifications.id })
          .from(notifications)
          .innerJoin(users, eq(users.id, notifications.userId));
        const old = new Set(before.map((b) => b.id));
        return after
          .filter((a) => !old.has(a.id))
          .map((a) => a.email)
          .sort();
      });
      return eventId;
    };
    const base = { customerId: ctx.acmeId, entityId: null };
    // Projects: admin and technical (the permissions table), not billing or member.
    expect(
      await recipientsOf({
        ...base,
        type: 'project.status_changed',
        data: { name: 'Wi-Fi', status: 'completed', previousStatus: 'in_progress' },
      }),
    ).toEqual([DEMO_USERS.acme, member('technical')].sort());
    // A project's document follows the project; an invoice's, the invoice.
    expect(
      await recipientsOf({
        ...base,
        type: 'document.added',
        data: { name: 'a.pdf', category: 'invoice' },
      }),
    ).toEqual([DEMO_USERS.acme, member('billing'), member('billing-digest')].sort());
    // A document of neither: everyone who sees documents, with the projects switch on.
    expect(
      await recipientsOf({
        ...base,
        type: 'document.added',
        data: { name: 'b.pdf', category: 'compliance' },
      }),
    ).toHaveLength(6);
    // Maintenance: off by default for everyone.
    expect(
      await recipientsOf({
        ...base,
        type: 'maintenance.scheduled',
        data: { title: 'Firewall update' },
      }),
    ).toEqual([]);
    // Ticket events are mailed by the ticket mails, not here.
    expect(
      await recipientsOf({ ...base, type: 'ticket.created', data: { ticketId: 'TK-1' } }),
    ).toEqual([]);
    await t.app.db
      .delete(notifications)
      .where(inArray(notifications.type, ['project.status_changed', 'document.added']));
  });

  it('sends the digest once its hour has come, one mail with every waiting notification', async () => {
    const waiting = await t.app.db
      .select()
      .from(notifications)
      .where(eq(notifications.digest, true));
    expect(waiting.length).toBeGreaterThan(0);
    // Queued today after 07:00 UTC at the earliest: today's digest hour has not caught them.
    const beforeHour = new Date(waiting[0]!.createdAt);
    beforeHour.setUTCHours(6, 59);
    expect(await t.app.notifications.sendDigests(beforeHour)).toBe(0);
    const tomorrow = new Date(Date.now() + 86_400_000);
    tomorrow.setUTCHours(7, 5);
    expect(await t.app.notifications.sendDigests(tomorrow)).toBe(1);
    expect(await t.app.notifications.sendDigests(tomorrow)).toBe(0);
    await t.app.mail.flush();
    const [digest] = t.sink.mailsTo(member('billing-digest'));
    expect(digest?.subject).toMatch(/^Your daily update: \d+ notifications?$/);
    expect(digest?.text).toContain('New invoice INV-2026-7001 (Acme Logistics)');
    expect(digest?.listUnsubscribePost).toBe('List-Unsubscribe=One-Click');
  });

  it('unsubscribes with one click without signing in; opening the link changes nothing', async () => {
    const [mail] = t.sink.mailsTo(member('billing'));
    const url = new URL(mail!.listUnsubscribe.slice(1, -1));
    const path = `${url.pathname}${url.search}`;
    const switchOf = async () => {
      const [row] = await t.app.db
        .select({ on: notificationPreferences.emailInvoices })
        .from(notificationPreferences)
        .innerJoin(users, eq(users.id, notificationPreferences.userId))
        .where(eq(users.email, member('billing')));
      return row?.on ?? true;
    };
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    expect(opened.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(opened.body).toContain('invoice e-mails');
    expect(await switchOf()).toBe(true);

    // What a mail client sends for RFC 8058: a form POST, no cookie, no Origin.
    const clicked = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.statusCode).toBe(200);
    expect(clicked.body).toContain('You will no longer get invoice e-mails.');
    expect(await switchOf()).toBe(false);
  });

  it('refuses a forged, tampered or foreign token and changes nothing', async () => {
    const [jordan] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme));
    const good = unsubscribeToken(t.config.sessionSecrets, jordan!.id, 'projects');
    const [id, , mac] = good.split('.');
    const bad = [
      `${id}.invoices.${mac}`, // the MAC of another kind
      unsubscribeToken(['another-secret-of-at-least-thirty-two-chars'], jordan!.id, 'projects'),
      `${id}.projects`,
      `${id}.nonsense.${mac}`,
      '',
      'x'.repeat(301),
    ];
    for (const token of bad) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      });
      expect(res.statusCode, token).toBe(400);
    }
    const [prefs] = await t.app.db
      .select()
      .from(notificationPreferences)
      .where(eq(notificationPreferences.userId, jordan!.id));
    expect(prefs?.emailProjects ?? true).toBe(true);
    expect(prefs?.emailInvoices ?? true).toBe(true);
  });

  it('lets a signed-in user choose a daily digest, and refuses another value', async () => {
    const cookie = ctx.customerCookie;
    const put = (delivery: string) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/auth/notifications/delivery',
        payload: { delivery },
        headers: { cookie },
      });
    expect((await put('daily')).json()).toEqual({ delivery: 'daily' });
    const read = await t.app.inject({
      method: 'GET',
      url: '/api/auth/notifications/delivery',
      headers: { cookie },
    });
    expect(read.json()).toEqual({ delivery: 'daily' });
    const bad = await put('hourly');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Delivery must be each or daily' });
    expect((await put('each')).json()).toEqual({ delivery: 'each' });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/auth/notifications/delivery',
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reminds 3 days before, on, 7 and 14 days after the due date, once, across a month end', async () => {
    const numbers = ['R-BEFORE', 'R-ON', 'R-7', 'R-14', 'R-PAID', 'R-STALE'];
    const dueDates = [
      '2027-03-04',
      '2027-03-01',
      '2027-02-22',
      '2027-02-15',
      '2027-03-01',
      '2027-02-10',
    ];
    await t.app.db.insert(invoices).values(
      numbers.map((number, i) => ({
        customerId: ctx.acmeId,
        number,
        description: 'Reminder case',
        totalMinor: 10000,
        status: number === 'R-PAID' ? ('paid' as const) : ('pending' as const),
        issueDate: '2027-01-01',
        dueDate: dueDates[i]!,
      })),
    );
    const sweep = (day: string) =>
      t.app.db.transaction((tx) => sweepInvoiceReminders(tx, new Date(`${day}T09:00:00Z`)));
    expect(await sweep('2027-03-01')).toBe(4);
    expect(await sweep('2027-03-01')).toBe(0);
    // The next day may catch up a missed day, but each stage went already.
    expect(await sweep('2027-03-02')).toBe(0);
    const { ids, stages } = await remindersOf(numbers);
    const numberOf = (id: string) => ids.find((i) => i.id === id)?.number;
    expect(stages.map((s) => [numberOf(s.invoiceId), s.offsetDays]).sort()).toEqual(
      [
        ['R-14', 14],
        ['R-7', 7],
        ['R-BEFORE', -3],
        ['R-ON', 0],
      ].sort(),
    );
    await deliver();
    const subjects = t.sink.mailsTo(DEMO_USERS.acme).map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        'Invoice R-BEFORE is due in 3 days',
        'Invoice R-ON is due today',
        'Reminder: invoice R-7 is 7 days overdue',
        'Reminder: invoice R-14 is 14 days overdue',
      ]),
    );
    expect(subjects.some((s) => s.includes('R-PAID') || s.includes('R-STALE'))).toBe(false);
  });

  it('mails once a day about an unpaid invoice: an overdue notice and a reminder due the same day are one mail', async () => {
    const now = new Date();
    const weekAgo = new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await t.app.db.insert(invoices).values(
      ['ONE-A', 'ONE-B'].map((number) => ({
        customerId: ctx.acmeId,
        number,
        description: 'Seven days late on the first sweep',
        totalMinor: 10000,
        status: 'pending' as const,
        issueDate: '2026-01-01',
        dueDate: weekAgo,
      })),
    );
    const overdueSweep = () => t.app.db.transaction((tx) => sweepOverdueInvoices(tx, now));
    const reminderSweep = () => t.app.db.transaction((tx) => sweepInvoiceReminders(tx, now));
    // ONE-A: the overdue sweep first, then the reminders; ONE-B the other way round.
    await t.app.db.update(invoices).set({ status: 'paid' }).where(eq(invoices.number, 'ONE-B'));
    await overdueSweep();
    await reminderSweep();
    await t.app.db.update(invoices).set({ status: 'pending' }).where(eq(invoices.number, 'ONE-B'));
    await reminderSweep();
    await overdueSweep();
    await deliver();

    const about = (number: string) =>
      t.sink
        .mailsTo(DEMO_USERS.acme)
        .map((m) => m.subject)
        .filter((s) => s.includes(`invoice ${number} `) || s.includes(`Invoice ${number} `));
    expect(about('ONE-A')).toEqual(['Invoice ONE-A is overdue']);
    expect(about('ONE-B')).toEqual(['Reminder: invoice ONE-B is 7 days overdue']);
    // Both stages are recorded (no reminder tomorrow) and webhooks hear of both overdue invoices.
    const { ids, stages } = await remindersOf(['ONE-A', 'ONE-B']);
    expect(stages.map((s) => s.offsetDays)).toEqual([7, 7]);
    const events = await t.app.db
      .select()
      .from(domainEvents)
      .where(
        inArray(
          domainEvents.entityId,
          ids.map((i) => i.id),
        ),
      );
    expect(events.filter((e) => e.type === 'invoice.overdue')).toHaveLength(2);
  });
});
