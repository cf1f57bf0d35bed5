import { randomBytes } from 'node:crypto';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { intakeMessages, mailOutbox, signInTokens, tickets } from '../../db/schema.ts';
import { dovecotMissing, startDovecot, type Dovecot } from '../dovecot.ts';
import { requestLink } from '../login-links.ts';
import { startSmtpSink } from '../smtp-sink.ts';
import { createTestApp, type TestApp } from '../test-app.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';

describe('mail outage', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let port: number;
  beforeAll(async () => {
    // Learn a free port from a sink, then stop it: the SMTP server is "down".
    const probe = await startSmtpSink();
    port = probe.port;
    await probe.close();
    t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}`, rateLimitScale: 10 });
  });
  afterAll(async () => {
    await t.close();
    await sink?.close();
  });

  it('stores the request while SMTP is down and delivers its mail, once, when it returns', async () => {
    const res = await requestLink(t.app, JORDAN);
    expect(res.statusCode).toBe(200);
    // The write is committed whatever the mail server does.
    expect((await t.app.db.select().from(signInTokens)).length).toBeGreaterThan(0);

    expect(await t.app.mail.flush()).toBe(0);
    const [pending] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, JORDAN));
    expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
    expect(pending?.lastError).toBeTruthy();

    sink = await startSmtpSink({ port });
    // The retry comes due (backoff elapsed).
    await t.app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date() })
      .where(eq(mailOutbox.to, JORDAN));
    expect(await t.app.mail.flush()).toBe(1);
    expect(await t.app.mail.flush()).toBe(0);
    expect(sink.mailsTo(JORDAN)).toHaveLength(1);
    const [sent] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, JORDAN));
    expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
  });
});

describe.skipIf(Boolean(dovecotMissing))('support mailbox outage (Dovecot down, then back)', () => {
  let t: TestApp;
  let dovecot: Dovecot;
  beforeAll(async () => {
    dovecot = await startDovecot();
    t = await createTestApp({ imapUrl: dovecot.url, intakePollMs: 200 });
  });
  afterAll(async () => {
    await t?.close();
    await dovecot?.stop();
  });

  const run = randomBytes(4).toString('hex');
  const mail = (n: number) =>
    [
      `From: ${JORDAN}`,
      'To: support@example.com',
      `Subject: Outage ${run} ${n}`,
      `Message-ID: <outage-${run}-${n}@client.example>`,
      'Content-Type: text/plain; charset=utf-8',
      '',
      `Message ${n}`,
      '',
    ].join('\r\n');
  const stored = async () =>
    (
      await t.app.db
        .select({ subject: tickets.subject })
        .from(tickets)
        .where(like(tickets.subject, `Outage ${run} %`))
    )
      .map((r) => r.subject)
      .sort();

  it('keeps reading after the IMAP server was down: mail waiting across the outage becomes one ticket each', async () => {
    t.app.intake!.start();
    await dovecot.append(mail(1));
    await expect.poll(stored, { timeout: 10_000 }).toEqual([`Outage ${run} 1`]);

    await dovecot.outage();
    // The connection is gone: wait until intake has found the mailbox unavailable (a sign-in
    // failed and it let go of the mailbox to back off); then the server comes back.
    await expect
      .poll(() => t.app.intake!.stats.holdsMailbox, { timeout: 30_000, interval: 20 })
      .toBe(false);
    await dovecot.restore();
    await dovecot.append(mail(2));
    await dovecot.append(mail(3));
    await expect
      .poll(stored, { timeout: 30_000 })
      .toEqual([`Outage ${run} 1`, `Outage ${run} 2`, `Outage ${run} 3`]);
    const rows = await t.app.db
      .select({ id: intakeMessages.messageId })
      .from(intakeMessages)
      .where(like(intakeMessages.messageId, `<outage-${run}-%`));
    expect(rows).toHaveLength(3);
    expect(t.app.intake!.stats.failed).toBe(0);
  });
});
