// Time logged by an agent's mail reply (issue 40 item 2, ADR 074), through a real IMAP server
// and SMTP sink as the other intake tests: the `time:` line logs through the dialog's command,
// leaves the thread and the customer's mail, and a refusal keeps the reply and notes why.
import { and, desc, eq } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  agreements,
  customers,
  ticketNotes,
  ticketReplies,
  tickets,
  timeEntries,
} from '../../db/schema.ts';
import { deskReplyAddress } from '../helpdesk/desk-reply-address.ts';
import { DEMO_STAFF_EMAIL, DEMO_STAFF_ROLES, DEMO_USERS } from '../../seed/demo.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../../test/dovecot.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let n = 0;
const auditor = DEMO_STAFF_ROLES.find((r) => r.staffRole === 'read-only')!.email;

describe.skipIf(Boolean(dovecotMissing))('time logged by an agent mail reply', () => {
  let dovecot: Dovecot;
  let sink: SmtpSink;
  let t: TestApp;
  let imap: ImapFlow;
  let acmeId: string;
  let retainerId: string;

  beforeAll(async () => {
    [dovecot, sink] = await Promise.all([startDovecot(), startSmtpSink()]);
    t = await createTestApp({
      imapUrl: dovecot.url,
      smtpUrl: sink.url,
      supportMailbox: 'support@meridian.test',
      supportEmail: 'desk@meridian.test',
      logLevel: 'silent',
    });
    imap = await dovecot.client();
    await imap.mailboxOpen('INBOX');
    const [acme] = await t.app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.name, 'Acme Logistics'));
    acmeId = acme!.id;
    const [retainer] = await t.app.db
      .select({ id: agreements.id })
      .from(agreements)
      .where(and(eq(agreements.customerId, acmeId), eq(agreements.status, 'active')));
    retainerId = retainer!.id;
  });
  afterAll(async () => {
    await imap?.logout().catch(() => {});
    await t?.close();
    await Promise.all([dovecot?.stop(), sink?.close()]);
  });

  /** A fresh open ticket of Acme, so each case reads only its own time, notes and replies. */
  async function openTicket(subject: string) {
    const [row] = await t.app.db
      .insert(tickets)
      .values({
        customerId: acmeId,
        subject,
        description: 'For the time-by-mail test.',
        category: 'Hardware',
        department: 'IT Support',
        createdByUserId: null,
      })
      .returning({ id: tickets.id });
    return row!.id;
  }
  /** A mail to the ticket's desk reply address (what makes a staff mail an agent reply). */
  function mail(
    from: string,
    ticketId: string,
    body: string,
    to = deskReplyAddress(t.config, ticketId),
  ) {
    n++;
    const head = [
      `From: ${from}`,
      `To: ${to}`,
      `Subject: Re: [${ticketId}] For the test`,
      `Date: ${new Date().toUTCString()}`,
      `Message-ID: <time${n}.${Date.now()}@staff.example>`,
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
    ].join('\r\n');
    return `${head}\r\n\r\n${body.replace(/\r?\n/g, '\r\n')}\r\n`;
  }
  async function deliver(...raws: string[]) {
    for (const raw of raws) await dovecot.append(raw);
    await imap.noop();
    return t.app.intake!.drain(imap);
  }
  const entriesOf = (ticketId: string) =>
    t.app.db.select().from(timeEntries).where(eq(timeEntries.ticketId, ticketId));
  const repliesOf = async (ticketId: string) =>
    (await t.app.db.select().from(ticketReplies).where(eq(ticketReplies.ticketId, ticketId))).map(
      (r) => r.message,
    );
  const notesOf = async (ticketId: string) =>
    (
      await t.app.db
        .select()
        .from(ticketNotes)
        .where(eq(ticketNotes.ticketId, ticketId))
        .orderBy(desc(ticketNotes.createdAt))
    ).map((r) => r.body);

  it('logs "time: 1h 30m" as billable time on the company\'s one active agreement, and the line leaves the thread and the customer\'s mail', async () => {
    const id = await openTicket('Time by mail');
    const [result] = await deliver(
      mail(DEMO_STAFF_EMAIL, id, 'The rollers are replaced.\nTIME: 1h 30m\n\nMorgan'),
    );
    expect(result).toEqual({ outcome: 'reply', ticketId: id });
    const [entry, ...more] = await entriesOf(id);
    expect(more).toEqual([]);
    expect(entry).toMatchObject({ hours: '1.50', billable: true, agreementId: retainerId });
    expect(await repliesOf(id)).toEqual(['The rollers are replaced.\n\nMorgan']);
    await t.app.mail.flush();
    const sent = sink.mailsTo(DEMO_USERS.acme).filter((m) => m.subject.includes(`[${id}]`));
    expect(sent.length).toBeGreaterThan(0);
    for (const m of sent) expect(m.text).not.toMatch(/time:/i);
    expect(await notesOf(id)).toEqual([]);
  });

  it('reads 30m, 1.5h, 1:15 and "45 minutes"; a time line alone logs and posts no reply', async () => {
    const id = await openTicket('Time forms');
    await deliver(
      mail(DEMO_STAFF_EMAIL, id, 'time: 30m'),
      mail(DEMO_STAFF_EMAIL, id, 'Done.\ntime: 1.5h'),
      mail(DEMO_STAFF_EMAIL, id, 'Checked.\n  Time : 1:15'),
      mail(DEMO_STAFF_EMAIL, id, 'Again.\ntime: 45 minutes'),
    );
    const hours = (await entriesOf(id)).map((e) => e.hours).sort();
    expect(hours).toEqual(['0.50', '0.75', '1.25', '1.50']);
    expect((await repliesOf(id)).sort()).toEqual(['Again.', 'Checked.', 'Done.']);
  });

  it('logs nothing for 0, over 24 hours, an unreadable value or two lines, keeps the reply and notes why', async () => {
    const id = await openTicket('Bad times');
    const results = await deliver(
      mail(DEMO_STAFF_EMAIL, id, 'First.\ntime: 0m'),
      mail(DEMO_STAFF_EMAIL, id, 'Second.\ntime: 25h'),
      mail(DEMO_STAFF_EMAIL, id, 'Third.\ntime: a while'),
      mail(DEMO_STAFF_EMAIL, id, 'Fourth.\ntime: 1h\ntime: 2h'),
    );
    expect(results.every((r) => r.outcome === 'reply')).toBe(true);
    expect(await entriesOf(id)).toEqual([]);
    expect((await repliesOf(id)).sort()).toEqual(['First.', 'Fourth.', 'Second.', 'Third.']);
    const notes = await notesOf(id);
    expect(notes).toHaveLength(4);
    expect(notes).toEqual(
      expect.arrayContaining([
        expect.stringContaining('The time must be more than 0'),
        expect.stringContaining('The time must be at most 24 hours'),
        expect.stringContaining('"a while" is not a time'),
        expect.stringContaining('more than one time line'),
      ]),
    );
    for (const note of notes) expect(note).toMatch(/^Time from your mail reply was not logged\./);
  });

  it('logs nothing on an agreement past its end date, keeps the reply and notes the refusal', async () => {
    const id = await openTicket('Agreement over');
    const [before] = await t.app.db.select().from(agreements).where(eq(agreements.id, retainerId));
    await t.app.db
      .update(agreements)
      .set({ startsOn: '2020-01-01', endsOn: '2020-12-31' })
      .where(eq(agreements.id, retainerId));
    try {
      await deliver(mail(DEMO_STAFF_EMAIL, id, 'Replaced the toner.\ntime: 20m'));
    } finally {
      await t.app.db
        .update(agreements)
        .set({ startsOn: before!.startsOn, endsOn: before!.endsOn })
        .where(eq(agreements.id, retainerId));
    }
    expect(await entriesOf(id)).toEqual([]);
    expect(await repliesOf(id)).toEqual(['Replaced the toner.']);
    expect(await notesOf(id)).toEqual([
      "Time from your mail reply was not logged. The work date is outside the agreement's dates. Log it with Log Time on this ticket.",
    ]);
  });

  it("logs nothing from a customer's mail or a staff role that logs no time, nor from a quoted line", async () => {
    const id = await openTicket('Not theirs to log');
    await deliver(
      mail(DEMO_USERS.acme, id, 'Thanks!\ntime: 30m', 'support@meridian.test'),
      mail(auditor, id, 'Looked at it.\ntime: 30m'),
      mail(
        DEMO_STAFF_EMAIL,
        id,
        'See below.\n\nOn Monday Jordan wrote:\n> time: 2h\n> the printer',
      ),
    );
    expect(await entriesOf(id)).toEqual([]);
    const replies = await repliesOf(id);
    // The customer's words are theirs: the line stays.
    expect(replies).toContain('Thanks!\ntime: 30m');
    expect(replies).toContain('Looked at it.');
    expect(await notesOf(id)).toEqual([
      'Time from your mail reply was not logged. Your staff role does not log time. Log it with Log Time on this ticket.',
    ]);
  });
});
