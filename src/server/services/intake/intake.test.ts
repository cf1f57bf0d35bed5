import { createHash } from 'node:crypto';
import { and, count, eq, gt, like, sql } from 'drizzle-orm';
import type { ImapFlow } from 'imapflow';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  customerUsers,
  notificationPreferences,
  customers,
  intakeMessages,
  ticketFollowUps,
  ticketMessages,
  ticketAttachments,
  ticketReplies,
  tickets,
  unmatchedMails,
  users,
} from '../../db/schema.ts';
import { deskReplyAddress } from '../helpdesk/desk-reply-address.ts';
import { threadRootId } from '../helpdesk/ticket-thread.ts';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import { pngOf, windowsProgram } from '../../test/attachment-files.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../../test/dovecot.ts';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { staffTestContext } from '../../test/staff-context.ts';
import { ingestMessage } from './ingest.ts';

if (dovecotMissing) console.warn(`Skipping the IMAP intake tests. ${dovecotMissing}`);

let n = 0;
/** A raw RFC 5322 message with CRLF line ends. */
function mime(opts: {
  from: string;
  subject: string;
  body?: string;
  headers?: Record<string, string>;
  contentType?: string;
  messageId?: string;
}) {
  n++;
  const headers = {
    From: opts.from,
    To: 'support@meridian.test',
    Subject: opts.subject,
    Date: new Date().toUTCString(),
    'Message-ID': opts.messageId ?? `<m${n}.${Date.now()}@client.example>`,
    'MIME-Version': '1.0',
    'Content-Type': opts.contentType ?? 'text/plain; charset=utf-8',
    ...opts.headers,
  };
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  return `${head}\r\n\r\n${(opts.body ?? 'Hello').replace(/\r?\n/g, '\r\n')}\r\n`;
}

describe.skipIf(Boolean(dovecotMissing))('mail intake from a real IMAP server (Dovecot)', () => {
  let dovecot: Dovecot;
  let sink: SmtpSink;
  let t: TestApp;
  let imap: ImapFlow;
  let acmeId: string;

  beforeAll(async () => {
    [dovecot, sink] = await Promise.all([startDovecot(), startSmtpSink()]);
    t = await createTestApp({
      imapUrl: dovecot.url,
      smtpUrl: sink.url,
      supportMailbox: 'support@meridian.test',
      supportEmail: 'desk@meridian.test',
      logLevel: process.env.INTAKE_LOG ?? 'silent',
      metricsPort: 0,
      metricsHost: '127.0.0.1',
    });
    imap = await dovecot.client();
    await imap.mailboxOpen('INBOX');
    const [acme] = await t.app.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.name, 'Acme Logistics'));
    acmeId = acme!.id;
  });
  afterAll(async () => {
    await imap?.logout().catch(() => {});
    await t?.close();
    await Promise.all([dovecot?.stop(), sink?.close()]);
  });

  /** Delivers the messages and runs one intake round. */
  async function deliver(...raws: (string | Buffer)[]) {
    for (const raw of raws) await dovecot.append(raw);
    await imap.noop();
    return t.app.intake!.drain(imap);
  }
  const unseen = async () => ((await imap.search({ seen: false }, { uid: true })) || []).length;
  const ticketRow = async (id: string) =>
    (await t.app.db.select().from(tickets).where(eq(tickets.id, id)))[0];
  const repliesOf = (id: string) =>
    t.app.db.select().from(ticketReplies).where(eq(ticketReplies.ticketId, id));
  /** Jordan mails a new request with these attachments; the ticket it became. */
  async function ticketFromJordanWith(
    subject: string,
    attachments: { filename: string; content: Buffer | string }[],
  ): Promise<string> {
    const raw = await new MailComposer({
      from: `Jordan Lee <${DEMO_USERS.acme}>`,
      to: 'support@meridian.test',
      subject,
      messageId: `<att.${Date.now()}.${Math.random()}@client.example>`,
      text: 'See the attachment.',
      attachments,
    })
      .compile()
      .build();
    const [result] = await deliver(raw);
    expect(result?.outcome).toBe('ticket');
    return result && 'ticketId' in result ? result.ticketId : '';
  }
  /** Acme's admin (Jordan, `cookie`) takes `userId` off the company in the portal. */
  async function deactivateInAcme(userId: string, cookie: string) {
    const off = await t.app.inject({
      method: 'PATCH',
      url: `/api/customers/${acmeId}/team/${userId}`,
      headers: { cookie },
      payload: { active: false },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json<{ active: boolean }>().active).toBe(false);
  }

  it('turns an Outlook-style HTML-only mail of a customer into a ticket of their company, acknowledged in its thread', async () => {
    const html = `<html><head><style>p{margin:0}</style></head><body><div class="WordSection1"><p class="MsoNormal">Outlook stopped syncing the <b>shared calendar</b> this morning.</p><p class="MsoNormal">&nbsp;</p><p class="MsoNormal">Kind regards,<br>Jordan</p></div></body></html>`;
    const [result] = await deliver(
      mime({
        from: `Jordan Lee <${DEMO_USERS.acme}>`,
        subject: 'Shared calendar not syncing',
        contentType: 'text/html; charset=utf-8',
        body: html,
      }),
    );
    expect(result?.outcome).toBe('ticket');
    const ticketId = result && 'ticketId' in result ? result.ticketId : '';
    const ticket = await ticketRow(ticketId);
    expect(ticket).toMatchObject({
      customerId: acmeId,
      subject: 'Shared calendar not syncing',
      priority: 'normal',
      status: 'open',
      category: t.config.intakeCategory,
    });
    expect(ticket?.description).toContain('Outlook stopped syncing the shared calendar');
    expect(ticket?.description).not.toMatch(/<|MsoNormal|margin/);
    expect(await unseen()).toBe(0);

    await t.app.mail.flush();
    const ack = sink.mailsTo(DEMO_USERS.acme).at(-1);
    expect(ack?.subject).toBe(`[${ticketId}] We received your ticket: Shared calendar not syncing`);
    // The acknowledgement answers the customer's own message, so it joins their thread.
    expect(ack?.references.some((r) => r.endsWith('@client.example>'))).toBe(true);
  });

  it("keeps a mail's attachments on its ticket under the portal's rules; a program is left in the .eml", async () => {
    const ticketId = await ticketFromJordanWith('Printer error with screenshot', [
      { filename: 'screenshot.png', content: await pngOf(800, 600) },
      { filename: 'invoice.png', content: windowsProgram() },
      { filename: 'notes.txt', content: 'Model LX-300, firmware 2.1' },
    ]);
    const files = await t.app.db
      .select()
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId))
      .orderBy(ticketAttachments.position);
    expect(files.map((f) => [f.name, f.replyId])).toEqual([
      ['screenshot.png', null],
      ['notes.txt', null],
    ]);
    expect(files[0]).toMatchObject({ contentType: 'image/png', width: 800, height: 600 });
    expect(files[0]?.thumbKey).toBeTruthy();
    const text = [];
    for await (const chunk of await t.app.storage.get(files[1]!.storageKey)) text.push(chunk);
    expect(Buffer.concat(text).toString()).toBe('Model LX-300, firmware 2.1');
  });

  // Review N11: mailed names went through no cleaning at all (`file.name.slice(0, 200)`).
  it("cleans a mailed attachment's name like an upload's: no right-to-left override, no control characters", async () => {
    const ticketId = await ticketFromJordanWith('Invoice attached', [
      { filename: 'invoice\u202efdp\u0007.txt', content: 'alert(1)' },
      // A script is a program by its name (outside attack, 2026-11-29): left in the .eml.
      { filename: 'invoice.pdf.vbs', content: 'MsgBox "hi"' },
    ]);
    const files = await t.app.db
      .select({ name: ticketAttachments.name })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, ticketId));
    expect(files.map((f) => f.name)).toEqual(['invoicefdp.txt']);
  });

  it('stores a Gmail-style quoted answer to a ticket mail as a reply, without the quoted history, and keeps the .eml', async () => {
    const [ticket] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(
        and(eq(tickets.customerId, acmeId), eq(tickets.subject, 'Shared calendar not syncing')),
      );
    const ack = sink.mailsTo(DEMO_USERS.acme).at(-1)!;
    const body = [
      'It works again after a restart, thanks!',
      '',
      `On Mon, Nov 23, 2026 at 10:00 AM Meridian IT <no-reply@localhost> wrote:`,
      '> Hello Jordan,',
      '> Thank you for contacting Meridian IT Services.',
    ].join('\n');
    const [result] = await deliver(
      mime({
        from: DEMO_USERS.acme,
        subject: `Re: ${ack.subject}`,
        body,
        headers: {
          'In-Reply-To': ack.messageId,
          References: ack.references.concat(ack.messageId).join(' '),
        },
      }),
    );
    expect(result).toEqual({ outcome: 'reply', ticketId: ticket!.id });
    const replies = await repliesOf(ticket!.id);
    expect(replies.map((r) => r.message)).toEqual(['It works again after a restart, thanks!']);
    expect(replies[0]?.isAgent).toBe(false);
    const [stored] = await t.app.db
      .select({ emlKey: intakeMessages.emlKey })
      .from(intakeMessages)
      .where(and(eq(intakeMessages.ticketId, ticket!.id), eq(intakeMessages.outcome, 'reply')));
    const eml = await t.app.storage.get(stored!.emlKey);
    const chunks: Buffer[] = [];
    for await (const chunk of eml) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toContain('> Hello Jordan,');
  });

  it('keeps the forwarded message of a Gmail-style forward in the new ticket', async () => {
    const body = [
      'Can you look at this? Our vendor says the VPN certificate expires on Friday.',
      '',
      '---------- Forwarded message ---------',
      'From: Vendor Support <support@vendor.example>',
      'Date: Mon, Nov 23, 2026 at 9:12 AM',
      'Subject: VPN certificate renewal',
      'To: <jordan.lee@acme-logistics.example>',
      '',
      'Dear customer, the certificate of your VPN gateway expires on 27 November.',
    ].join('\n');
    const [result] = await deliver(
      mime({ from: DEMO_USERS.acme, subject: 'Fwd: VPN certificate renewal', body }),
    );
    expect(result?.outcome).toBe('ticket');
    const ticket = await ticketRow(result && 'ticketId' in result ? result.ticketId : '');
    expect(ticket?.subject).toBe('Fwd: VPN certificate renewal');
    expect(ticket?.description).toContain('Our vendor says the VPN certificate expires on Friday.');
    expect(ticket?.description).toContain(
      'the certificate of your VPN gateway expires on 27 November',
    );
  });

  it("tickets a person's mail that says `Auto-Submitted: no`", async () => {
    const [result] = await deliver(
      mime({
        from: DEMO_USERS.acme,
        subject: 'Written by hand',
        headers: { 'Auto-Submitted': 'no' },
      }),
    );
    expect(result?.outcome).toBe('ticket');
  });

  it('matches by [TK-…] in the subject, takes an agent mail as an agent reply, and opens a linked ticket for an answer to a ticket closed before the follow-up window', async () => {
    const [open] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.customerId, acmeId), eq(tickets.status, 'open')))
      .limit(1);
    const [bySubject, byAgent] = await deliver(
      mime({ from: DEMO_USERS.acme, subject: `Re: [${open!.id}] anything`, body: 'Any news?' }),
      mime({
        from: DEMO_STAFF_EMAIL,
        subject: `Re: [${open!.id}] anything`,
        body: 'On it today.',
        // An agent answers the ticket's desk mail (review N7: the subject alone is not enough).
        headers: { To: deskReplyAddress(t.config, open!.id) },
      }),
    );
    expect(bySubject).toEqual({ outcome: 'reply', ticketId: open!.id });
    expect(byAgent).toEqual({ outcome: 'reply', ticketId: open!.id });
    const replies = await repliesOf(open!.id);
    expect(replies.find((r) => r.message === 'On it today.')?.isAgent).toBe(true);

    // Closed before the follow-up window (ADR 061): within it, the answer would reopen it.
    await t.app.db
      .update(tickets)
      .set({ status: 'closed', updatedAt: sql`now() - interval '8 days'` })
      .where(eq(tickets.id, open!.id));
    const [followUp] = await deliver(
      mime({
        from: DEMO_USERS.acme,
        subject: `Re: [${open!.id}] anything`,
        body: 'It broke again.',
      }),
    );
    expect(followUp?.outcome).toBe('ticket');
    const newId = followUp && 'ticketId' in followUp ? followUp.ticketId : '';
    expect(newId).not.toBe(open!.id);
    expect((await repliesOf(open!.id)).some((r) => r.message === 'It broke again.')).toBe(false);
    const [link] = await t.app.db
      .select()
      .from(ticketFollowUps)
      .where(eq(ticketFollowUps.ticketId, newId));
    expect(link?.followsTicketId).toBe(open!.id);
  });

  it("takes a staff address's mail as an agent reply only when it answers that ticket's desk mail and the receiving server did not fail it; else the unmatched queue, no customer mailed (review N7)", async () => {
    const [opened] = await deliver(mime({ from: DEMO_USERS.acme, subject: 'Printer jams' }));
    const ticketId = opened && 'ticketId' in opened ? opened.ticketId : '';
    await t.app.mail.flush();
    const desk = sink
      .mailsTo('desk@meridian.test')
      .find((m) => m.subject.startsWith(`[${ticketId}] New ticket from`))!;
    expect(desk.replyTo).toMatch(/^support\+r-[0-9a-f]{32}@meridian\.test$/);
    const [other] = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.customerId, acmeId), eq(tickets.status, 'open')))
      .limit(1);
    const mailed = sink.mailsTo(DEMO_USERS.acme).length;
    const phish = 'To finish this ticket please confirm your VPN password at https://evil.example';
    const fromStaff = (subject: string, headers: Record<string, string>, body = phish) =>
      mime({ from: `Morgan Hayes <${DEMO_STAFF_EMAIL}>`, subject, body, headers });
    const inThread = { 'In-Reply-To': desk.messageId, References: desk.messageId };

    const refused = await deliver(
      // The review's mail: a staff From: and a [TK-…] subject.
      fromStaff(`Re: [${ticketId}] Printer jams`, {}),
      // In the desk mail's thread (its Message-ID is no secret) but not to its reply address.
      fromStaff(`Re: ${desk.subject}`, inThread),
      // One ticket's reply address names no other ticket.
      fromStaff(`Re: [${other!.id}] anything`, { To: desk.replyTo }),
      // The right address, but the receiving server (its header on top) found DMARC failed;
      // the sender's own "pass" below it counts for nothing.
      'Authentication-Results: mx.meridian.test; spf=fail smtp.mailfrom=attacker.example; dkim=none; dmarc=fail (p=reject) header.from=example.com\r\n' +
        fromStaff(`Re: ${desk.subject}`, {
          ...inThread,
          To: desk.replyTo,
          'Authentication-Results':
            'attacker.example; dkim=pass header.d=example.com; dmarc=pass header.from=example.com',
        }),
    );
    const unverified = { outcome: 'unmatched', reason: 'staff-unverified' };
    expect(refused).toEqual([unverified, unverified, unverified, unverified]);
    for (const id of [ticketId, other!.id]) {
      expect((await repliesOf(id)).some((r) => r.message === phish)).toBe(false);
    }
    const { staffCookie } = await staffTestContext(t.app);
    const queue = await t.app.inject({
      url: '/api/staff/unmatched-mail?reason=staff-unverified',
      headers: { cookie: staffCookie },
    });
    expect(queue.json<{ fromAddress: string }[]>()).toHaveLength(4);

    const accepted = await deliver(
      fromStaff(`Re: ${desk.subject}`, { ...inThread, To: desk.replyTo }, 'On it today.'),
      fromStaff(
        `Re: ${desk.subject}`,
        {
          ...inThread,
          To: `"Meridian Support" <${desk.replyTo.toUpperCase()}>`,
          'Authentication-Results':
            'mx.meridian.test; dkim=pass header.d=example.com; dmarc=pass (p=reject) header.from=example.com',
        },
        'Fixed: the rollers were worn.',
      ),
    );
    expect(accepted).toEqual([
      { outcome: 'reply', ticketId },
      { outcome: 'reply', ticketId },
    ]);
    const replies = await repliesOf(ticketId);
    expect(replies.filter((r) => r.isAgent).map((r) => r.message)).toEqual([
      'On it today.',
      'Fixed: the rollers were worn.',
    ]);
    await t.app.mail.flush();
    const toJordan = sink.mailsTo(DEMO_USERS.acme).slice(mailed);
    expect(toJordan.map((m) => m.subject)).toEqual([
      `[${ticketId}] New reply: Printer jams`,
      `[${ticketId}] New reply: Printer jams`,
    ]);
    expect(toJordan.some((m) => m.text.includes('evil.example'))).toBe(false);
  });

  it('never tickets auto-replies, bounces, bulk mail or our own mail, and quarantines unknown senders, bad charsets and broken MIME with the reason', async () => {
    const [ticket] = await t.app.db
      .select({ id: ticketMessages.ticketId, messageId: ticketMessages.messageId })
      .from(ticketMessages)
      .where(eq(ticketMessages.direction, 'out'))
      .limit(1);
    const results = await deliver(
      mime({
        from: DEMO_USERS.acme,
        subject: 'Out of office',
        headers: { 'Auto-Submitted': 'auto-replied', 'In-Reply-To': ticket!.messageId },
      }),
      mime({
        from: 'Mail Delivery System <MAILER-DAEMON@mx.acme-logistics.example>',
        subject: 'Undelivered Mail Returned to Sender',
        headers: { 'Auto-Submitted': 'auto-replied' },
        contentType: 'multipart/report; report-type=delivery-status; boundary="b1"',
        body: '--b1\nContent-Type: text/plain\n\nThis is the mail system.\n--b1\nContent-Type: message/delivery-status\n\nStatus: 5.1.1\n--b1--',
      }),
      mime({ from: DEMO_USERS.acme, subject: 'Newsletter', headers: { Precedence: 'bulk' } }),
      mime({ from: DEMO_USERS.acme, subject: 'Away', headers: { 'X-Autoreply': 'yes' } }),
      mime({ from: 'no-reply@localhost', subject: `[${ticket!.id}] New reply` }),
      mime({ from: 'stranger@elsewhere.example', subject: 'Please call me' }),
      mime({
        from: DEMO_USERS.acme,
        subject: 'Klingon',
        contentType: 'text/plain; charset=x-klingon-9',
        body: 'qapla',
      }),
      mime({
        from: DEMO_USERS.acme,
        subject: 'Broken',
        contentType: 'multipart/mixed; boundary="nowhere"',
        body: 'no parts here',
      }),
    );
    expect(results).toEqual([
      { outcome: 'ignored', reason: 'auto-submitted' },
      { outcome: 'ignored', reason: 'auto-submitted' },
      { outcome: 'ignored', reason: 'precedence' },
      { outcome: 'ignored', reason: 'x-autoreply' },
      { outcome: 'ignored', reason: 'own-address' },
      { outcome: 'unmatched', reason: 'unknown-sender' },
      { outcome: 'unmatched', reason: 'unknown-charset' },
      { outcome: 'unmatched', reason: 'malformed-mime' },
    ]);
    expect(await unseen()).toBe(0);
    const queue = await t.app.db
      .select()
      .from(unmatchedMails)
      .where(eq(unmatchedMails.status, 'open'));
    expect(queue.map((q) => [q.fromAddress, q.reason])).toEqual(
      expect.arrayContaining([
        ['stranger@elsewhere.example', 'unknown-sender'],
        [DEMO_USERS.acme, 'unknown-charset'],
        [DEMO_USERS.acme, 'malformed-mime'],
      ]),
    );
  });

  it('quarantines a 30 MB message and still takes the next one; a duplicate delivery is one ticket', async () => {
    const big = mime({
      from: DEMO_USERS.acme,
      subject: 'Huge scan',
      messageId: '<huge-scan@client.example>',
      body: 'x'.repeat(76).concat('\n').repeat(400_000),
    });
    expect(big.length).toBeGreaterThan(30_000_000);
    const twice = mime({
      from: DEMO_USERS.acme,
      subject: 'Printer offline',
      messageId: '<dup-1@client.example>',
    });
    const results = await deliver(big, twice, twice);
    expect(results.map((r) => r.outcome)).toEqual(['unmatched', 'ticket', 'duplicate']);
    expect(results[0]).toEqual({ outcome: 'unmatched', reason: 'too-large' });
    // Only its header block is kept, never the 30 MB (review N15).
    const [huge] = await t.app.db
      .select({ emlKey: intakeMessages.emlKey })
      .from(intakeMessages)
      .where(eq(intakeMessages.messageId, '<huge-scan@client.example>'));
    expect(await t.app.storage.size(huge!.emlKey)).toBeLessThan(2_000);
    const chunks: Buffer[] = [];
    for await (const chunk of await t.app.storage.get(huge!.emlKey)) chunks.push(chunk as Buffer);
    const headers = Buffer.concat(chunks).toString();
    expect(headers).toContain('Subject: Huge scan');
    expect(headers).not.toContain('xxxx');
    const [{ value }] = (await t.app.db
      .select({ value: count() })
      .from(tickets)
      .where(eq(tickets.subject, 'Printer offline'))) as [{ value: number }];
    expect(value).toBe(1);
    expect(await unseen()).toBe(0);
  });

  it('puts the 21st new ticket of a sender within an hour in the unmatched queue', async () => {
    const sender = 'sam.rivera@globex-retail.example';
    await t.app.db.insert(intakeMessages).values(
      Array.from({ length: 20 }, (_, i) => ({
        messageId: `<flood-${i}@globex.example>`,
        fromAddress: sender,
        outcome: 'ticket' as const,
        emlKey: 'mail/none.eml',
      })),
    );
    const [result] = await deliver(mime({ from: DEMO_USERS.globex, subject: 'One more' }));
    expect(result).toEqual({ outcome: 'unmatched', reason: 'rate-limited' });
  });

  it('loses nothing and duplicates nothing when the server dies between fetch and commit, or between commit and \\Seen', async () => {
    const raw = mime({
      from: DEMO_USERS.acme,
      subject: 'Crash test',
      messageId: '<crash-1@client.example>',
    });
    await dovecot.append(raw);
    await imap.noop();
    // Dies before commit: the transaction rolls back, the message stays unseen.
    const dying = {
      db: t.app.db,
      storage: t.app.storage,
      config: t.config,
      write: <T>(work: Parameters<typeof t.app.write<T>>[0]) =>
        t.app.write(async (tx) => {
          await work(tx);
          throw new Error('process killed');
        }),
    };
    await expect(ingestMessage(dying, Buffer.from(raw))).rejects.toThrow('process killed');
    expect(await unseen()).toBe(1);
    const crashTickets = () =>
      t.app.db.select({ id: tickets.id }).from(tickets).where(eq(tickets.subject, 'Crash test'));
    expect(await crashTickets()).toHaveLength(0);
    // The next round stores it once; a second server that committed it but died before \Seen
    // (replayed here: the same message ingested again) changes nothing.
    const [again] = await t.app.intake!.drain(imap);
    expect(again?.outcome).toBe('ticket');
    const live = {
      db: t.app.db,
      storage: t.app.storage,
      config: t.config,
      write: t.app.write.bind(t.app),
    };
    expect(await ingestMessage(live, Buffer.from(raw))).toEqual({ outcome: 'duplicate' });
    expect(await crashTickets()).toHaveLength(1);
    expect(await unseen()).toBe(0);
  });

  it("never puts a customer's mail on another company's ticket, whether the subject or the references name it", async () => {
    const [globexTicket] = await t.app.db
      .select({ id: tickets.id, customerId: tickets.customerId })
      .from(tickets)
      .innerJoin(customers, eq(customers.id, tickets.customerId))
      .where(and(eq(customers.name, 'Globex Retail'), eq(tickets.status, 'open')))
      .limit(1);
    expect(globexTicket).toBeDefined();
    const before = (await repliesOf(globexTicket!.id)).length;
    const results = await deliver(
      mime({
        from: DEMO_USERS.acme,
        subject: `Re: [${globexTicket!.id}] Your ticket`,
        body: 'Reading along from Acme.',
      }),
      mime({
        from: DEMO_USERS.acme,
        subject: 'Re: your ticket',
        body: 'Threaded into Globex?',
        headers: { 'In-Reply-To': threadRootId(t.config, globexTicket!.id) },
      }),
    );
    expect(results.map((r) => r.outcome)).toEqual(['ticket', 'ticket']);
    for (const result of results) {
      const id = 'ticketId' in result ? result.ticketId : '';
      expect(id).not.toBe(globexTicket!.id);
      expect((await ticketRow(id))?.customerId).toBe(acmeId);
    }
    expect(await repliesOf(globexTicket!.id)).toHaveLength(before);
    expect(await ticketRow(globexTicket!.id)).toMatchObject({
      customerId: globexTicket!.customerId,
    });
  });

  it('files new mail of a user of several companies under the company of their latest ticket, and staff can move it to another of theirs (only)', async () => {
    const { staffCookie, customerCookie } = await staffTestContext(t.app);
    const companyId = async (name: string) =>
      (
        await t.app.db.select({ id: customers.id }).from(customers).where(eq(customers.name, name))
      )[0]!.id;
    const [globexId, initechId] = [await companyId('Globex Retail'), await companyId('Initech')];
    const [user] = await t.app.db
      .insert(users)
      .values({ email: 'pat.both@shared.example', firstName: 'Pat', lastName: 'Both' })
      .returning({ id: users.id });
    await t.app.db.insert(customerUsers).values([
      { userId: user!.id, customerId: acmeId, position: 0 },
      { userId: user!.id, customerId: globexId, position: 1 },
    ]);
    // No ticket yet: their first company.
    const [first] = await deliver(
      mime({ from: 'pat.both@shared.example', subject: 'First of Pat' }),
    );
    const firstId = first && 'ticketId' in first ? first.ticketId : '';
    expect((await ticketRow(firstId))?.customerId).toBe(acmeId);

    const move = (customerId: string, cookie = staffCookie) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/staff/tickets/${firstId}`,
        headers: { cookie },
        payload: { customerId },
      });
    const detail = await t.app.inject({
      url: `/api/staff/tickets/${firstId}`,
      headers: { cookie: staffCookie },
    });
    expect(
      detail.json<{ authorCompanies: { name: string }[] }>().authorCompanies.map((c) => c.name),
    ).toEqual(['Acme Logistics', 'Globex Retail']);
    expect((await move(globexId, customerCookie)).statusCode).toBe(403);
    const wrong = await move(initechId);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: "The ticket's author is not a user of that company" });
    expect((await ticketRow(firstId))?.customerId).toBe(acmeId);
    const moved = await move(globexId);
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ customerId: globexId, customerName: 'Globex Retail' });
    const [audit] = await t.app.db
      .select({ details: auditLog.details, customerId: auditLog.customerId })
      .from(auditLog)
      .where(and(eq(auditLog.entityId, firstId), eq(auditLog.action, 'ticket.update')));
    expect(audit).toMatchObject({
      customerId: globexId,
      details: { customerId: globexId, previousCustomerId: acmeId },
    });

    // Their next new mail follows the latest ticket's company.
    const [second] = await deliver(
      mime({ from: 'pat.both@shared.example', subject: 'Second of Pat' }),
    );
    const secondId = second && 'ticketId' in second ? second.ticketId : '';
    expect((await ticketRow(secondId))?.customerId).toBe(globexId);
  });

  it('files nothing in a company for a member it deactivated: new mail and replies wait in the unmatched queue, unacknowledged (review N6)', async () => {
    const { customerCookie } = await staffTestContext(t.app);
    const address = 'drew.leaving@acme-logistics.example';
    const [user] = await t.app.db
      .insert(users)
      .values({ email: address, firstName: 'Drew', lastName: 'Leaving' })
      .returning({ id: users.id });
    await t.app.db.insert(customerUsers).values({ userId: user!.id, customerId: acmeId });
    // While a member: a ticket by mail, acknowledged in its thread.
    const [first] = await deliver(mime({ from: address, subject: 'VPN drops every hour' }));
    expect(first?.outcome).toBe('ticket');
    const ticketId = first && 'ticketId' in first ? first.ticketId : '';
    await t.app.mail.flush();
    const ack = sink.mailsTo(address).at(-1)!;
    expect(ack.subject).toBe(`[${ticketId}] We received your ticket: VPN drops every hour`);

    await deactivateInAcme(user!.id, customerCookie);

    const mailed = sink.mailsTo(address).length;
    const results = await deliver(
      mime({ from: address, subject: 'Please ship the replacement laptops to my home address' }),
      mime({
        from: address,
        subject: `Re: ${ack.subject}`,
        body: 'Please also reset my VPN password.',
        headers: {
          'In-Reply-To': ack.messageId,
          References: ack.references.concat(ack.messageId).join(' '),
        },
      }),
    );
    const refused = { outcome: 'unmatched', reason: 'no-active-company' };
    expect(results).toEqual([refused, refused]);
    const theirs = await t.app.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.createdByUserId, user!.id));
    expect(theirs).toEqual([{ id: ticketId }]);
    expect(await repliesOf(ticketId)).toHaveLength(0);
    const { staffCookie } = await staffTestContext(t.app);
    const queue = await t.app.inject({
      url: '/api/staff/unmatched-mail?reason=no-active-company',
      headers: { cookie: staffCookie },
    });
    expect(queue.statusCode).toBe(200);
    expect(
      queue
        .json<{ fromAddress: string; subject: string }[]>()
        .filter((q) => q.fromAddress === address)
        .map((q) => q.subject)
        .sort(),
    ).toEqual(['Please ship the replacement laptops to my home address', `Re: ${ack.subject}`]);
    await t.app.mail.flush();
    expect(sink.mailsTo(address)).toHaveLength(mailed);
  });

  it('files the mail of a member one company deactivated under their other, active company, never threading it into the first', async () => {
    const { customerCookie } = await staffTestContext(t.app);
    const globexId = (
      await t.app.db
        .select({ id: customers.id })
        .from(customers)
        .where(eq(customers.name, 'Globex Retail'))
    )[0]!.id;
    const address = 'kim.moving@shared.example';
    const [user] = await t.app.db
      .insert(users)
      .values({ email: address, firstName: 'Kim', lastName: 'Moving' })
      .returning({ id: users.id });
    await t.app.db.insert(customerUsers).values([
      { userId: user!.id, customerId: acmeId, position: 0 },
      { userId: user!.id, customerId: globexId, position: 1 },
    ]);
    const [first] = await deliver(mime({ from: address, subject: 'Badge reader broken' }));
    const acmeTicket = first && 'ticketId' in first ? first.ticketId : '';
    expect((await ticketRow(acmeTicket))?.customerId).toBe(acmeId);
    await deactivateInAcme(user!.id, customerCookie);

    // Their latest ticket is Acme's, but Acme took them off: Globex, and no reply on Acme's.
    const results = await deliver(
      mime({ from: address, subject: 'New laptop for me' }),
      mime({
        from: address,
        subject: `Re: [${acmeTicket}] Badge reader broken`,
        body: 'Any news?',
      }),
    );
    expect(results.map((r) => r.outcome)).toEqual(['ticket', 'ticket']);
    for (const result of results) {
      const id = 'ticketId' in result ? result.ticketId : '';
      expect((await ticketRow(id))?.customerId).toBe(globexId);
    }
    expect(await repliesOf(acmeTicket)).toHaveLength(0);
  });

  it('reports the mailbox on the metrics endpoint: unseen messages, open unmatched mail, and failures, a failed message staying unseen until it is stored', async () => {
    const address = t.app.metricsAddress();
    const scrape = async () => {
      const text = await (await fetch(`http://127.0.0.1:${address!.port}/metrics`)).text();
      const value = (name: string) => {
        const line = text.split('\n').find((l) => l.startsWith(`${name} `));
        return line === undefined ? undefined : Number(line.slice(name.length + 1));
      };
      return {
        unseen: value('mail_intake_unseen_messages'),
        unmatched: value('mail_intake_unmatched_open'),
        failures: value('mail_intake_failures_total'),
      };
    };
    const [{ open }] = (await t.app.db
      .select({ open: count() })
      .from(unmatchedMails)
      .where(eq(unmatchedMails.status, 'open'))) as [{ open: number }];
    const start = await scrape();
    expect(start.unmatched).toBe(open);
    expect(start.unseen).toBe(0);

    // The disk refuses the .eml: both messages fail, stay unseen, and are counted.
    const storage = t.app.storage;
    const put = storage.put.bind(storage);
    storage.put = () => Promise.reject(new Error('disk full'));
    try {
      expect(
        await deliver(
          mime({ from: DEMO_USERS.acme, subject: 'Metrics one' }),
          mime({ from: 'nobody@unknown.example', subject: 'Metrics two' }),
        ),
      ).toEqual([]);
    } finally {
      storage.put = put;
    }
    expect(await scrape()).toEqual({
      unseen: 2,
      unmatched: open,
      failures: (start.failures ?? 0) + 2,
    });
    // The next round stores both: one ticket, one more in the unmatched queue.
    const results = await t.app.intake!.drain(imap);
    expect(results.map((r) => r.outcome)).toEqual(['ticket', 'unmatched']);
    expect(await scrape()).toEqual({
      unseen: 0,
      unmatched: open + 1,
      failures: (start.failures ?? 0) + 2,
    });
  });

  it("lets staff (only) list the unmatched queue, download a mail's .eml, attach it as a new contact's ticket, and discard one", async () => {
    const { staffCookie, customerCookie } = await staffTestContext(t.app);
    const forCustomer = await t.app.inject({
      url: '/api/staff/unmatched-mail',
      headers: { cookie: customerCookie },
    });
    expect(forCustomer.statusCode).toBe(403);
    const list = await t.app.inject({
      url: '/api/staff/unmatched-mail',
      headers: { cookie: staffCookie },
    });
    expect(list.statusCode).toBe(200);
    const queue = list.json<{ id: string; fromAddress: string; reason: string }[]>();
    const stranger = queue.find((q) => q.fromAddress === 'stranger@elsewhere.example')!;
    const eml = await t.app.inject({
      url: `/api/staff/unmatched-mail/${stranger.id}/eml`,
      headers: { cookie: staffCookie },
    });
    expect(eml.statusCode).toBe(200);
    expect(eml.headers['content-type']).toBe('message/rfc822');
    expect(eml.body).toContain('Subject: Please call me');
    const forCustomerEml = await t.app.inject({
      url: `/api/staff/unmatched-mail/${stranger.id}/eml`,
      headers: { cookie: customerCookie },
    });
    expect(forCustomerEml.statusCode).toBe(403);

    const attached = await t.app.inject({
      method: 'POST',
      url: `/api/staff/unmatched-mail/${stranger.id}/attach`,
      headers: { cookie: staffCookie },
      payload: { customerId: acmeId, newContact: { firstName: 'Stella', lastName: 'Ranger' } },
    });
    expect(attached.statusCode).toBe(201);
    const { ticketId } = attached.json<{ ticketId: string }>();
    expect(await ticketRow(ticketId)).toMatchObject({
      customerId: acmeId,
      subject: 'Please call me',
    });
    // The contact joins as every account joins (services/memberships): a member, with the
    // notification preferences a portal user has.
    const [contact] = await t.app.db
      .select({ role: customerUsers.role, prefs: notificationPreferences.userId })
      .from(users)
      .innerJoin(customerUsers, eq(customerUsers.userId, users.id))
      .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
      .where(eq(users.email, 'stranger@elsewhere.example'));
    expect(contact?.role).toBe('member');
    expect(contact?.prefs).toBeTruthy();
    // Placed once: a second attach finds nothing open.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/staff/unmatched-mail/${stranger.id}/attach`,
      headers: { cookie: staffCookie },
      payload: { customerId: acmeId, newContact: { firstName: 'Stella', lastName: 'Ranger' } },
    });
    expect(again.statusCode).toBe(404);
    // The new contact's next mail opens a ticket by itself.
    const [next] = await deliver(
      mime({ from: 'stranger@elsewhere.example', subject: 'Thanks for calling' }),
    );
    expect(next?.outcome).toBe('ticket');

    // A known sender cannot become a second user; a user of another company is not a contact here.
    const broken = queue.find((q) => q.reason === 'malformed-mime')!;
    const attach = (payload: object) =>
      t.app.inject({
        method: 'POST',
        url: `/api/staff/unmatched-mail/${broken.id}/attach`,
        headers: { cookie: staffCookie },
        payload,
      });
    const taken = await attach({
      customerId: acmeId,
      newContact: { firstName: 'J', lastName: 'L' },
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({
      message: 'A user with this e-mail address exists: attach the mail to them',
    });
    const [globexUser] = await t.app.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO_USERS.globex));
    const foreign = await attach({ customerId: acmeId, userId: globexUser!.id });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toEqual({
      message: 'The contact must be an active user of that company',
    });
    // Nor is a member taken off the company (issue 18), though their account is active.
    const [removed] = await t.app.db
      .insert(users)
      .values({
        email: 'removed.member@acme-logistics.example',
        firstName: 'Ex',
        lastName: 'Member',
      })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: removed!.id, customerId: acmeId, role: 'member', active: false });
    const offboarded = await attach({ customerId: acmeId, userId: removed!.id });
    expect(offboarded.statusCode).toBe(400);
    expect(offboarded.json()).toEqual({
      message: 'The contact must be an active user of that company',
    });
    const stillOpen = await t.app.db
      .select({ status: unmatchedMails.status })
      .from(unmatchedMails)
      .where(eq(unmatchedMails.id, broken.id));
    expect(stillOpen).toEqual([{ status: 'open' }]);

    const other = queue.find((q) => q.reason === 'unknown-charset')!;
    const discarded = await t.app.inject({
      method: 'POST',
      url: `/api/staff/unmatched-mail/${other.id}/discard`,
      headers: { cookie: staffCookie },
    });
    expect(discarded.statusCode).toBe(204);
    const after = await t.app.inject({
      url: '/api/staff/unmatched-mail',
      headers: { cookie: staffCookie },
    });
    expect(after.json<{ id: string }[]>().map((q) => q.id)).not.toContain(other.id);
  });

  it('drops unmatched mail past 20 an hour from one address or 200 from all, storing nothing, while known senders still open tickets (review N15)', async () => {
    const stranger = (from: string, messageId: string) =>
      mime({ from, subject: 'Cheap watches', messageId, body: 'y'.repeat(50_000) });
    const stored = async (messageId: string) =>
      t.app.db
        .select({ id: intakeMessages.messageId })
        .from(intakeMessages)
        .where(eq(intakeMessages.messageId, messageId));
    const spammer = 'spam@flood.example';
    // 20 of theirs already waited in the queue within the hour.
    const earlier = Array.from({ length: 20 }, (_, i) => ({
      messageId: `<flood-unmatched-${i}@flood.example>`,
      fromAddress: spammer,
      outcome: 'unmatched' as const,
      reason: 'unknown-sender',
      emlKey: 'mail/none.eml',
    }));
    await t.app.db.insert(intakeMessages).values(earlier);
    const droppedBefore = t.app.intake!.stats.dropped;
    const oneMore = stranger(spammer, '<one-more@flood.example>');
    const [perSender, fresh] = await deliver(
      oneMore,
      stranger('someone.new@elsewhere.example', '<first-time@elsewhere.example>'),
    );
    expect(perSender).toEqual({ outcome: 'ignored', reason: 'unmatched-limit' });
    expect(fresh).toEqual({ outcome: 'unmatched', reason: 'unknown-sender' });
    expect(await stored('<one-more@flood.example>')).toEqual([]);
    await expect(
      t.app.storage.size(`mail/${createHash('sha256').update(oneMore).digest('hex')}.eml`),
    ).rejects.toThrow();

    // Many addresses: the 200th unmatched mail of the hour is the last one kept.
    const [{ value: lastHour }] = (await t.app.db
      .select({ value: count() })
      .from(intakeMessages)
      .where(
        and(
          eq(intakeMessages.outcome, 'unmatched'),
          gt(intakeMessages.createdAt, sql`now() - interval '1 hour'`),
        ),
      )) as [{ value: number }];
    const many = Array.from({ length: 200 - lastHour }, (_, i) => ({
      messageId: `<flood-many-${i}@flood.example>`,
      fromAddress: `sender-${i}@flood.example`,
      outcome: 'unmatched' as const,
      reason: 'unknown-sender',
      emlKey: 'mail/none.eml',
    }));
    await t.app.db.insert(intakeMessages).values(many);
    const [global, known] = await deliver(
      stranger('another.new@elsewhere.example', '<another@elsewhere.example>'),
      mime({ from: DEMO_USERS.acme, subject: 'Monitor flickers' }),
    );
    expect(global).toEqual({ outcome: 'ignored', reason: 'unmatched-limit' });
    expect(known?.outcome).toBe('ticket');
    expect(await stored('<another@elsewhere.example>')).toEqual([]);
    expect(t.app.intake!.stats.dropped).toBe(droppedBefore + 2);
    expect(await unseen()).toBe(0);

    // An hour later the allowance is back (the seeded rows age).
    await t.app.db
      .update(intakeMessages)
      .set({ createdAt: sql`now() - interval '61 minutes'` })
      .where(like(intakeMessages.messageId, '<flood-%'));
    const [later] = await deliver(stranger(spammer, '<an-hour-later@flood.example>'));
    expect(later).toEqual({ outcome: 'unmatched', reason: 'unknown-sender' });
  });
});
