import type { AddressInfo } from 'node:net';
import { eq, inArray, sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { linkOf, requestLink } from '../test/login-links.ts';
import { appWithMailSink } from '../test/mail-app.ts';
import { createTestApp } from '../test/test-app.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';

// Issue 13, item 8: secrets leave the outbox once delivered; delivered rows leave after MAIL_RETENTION_DAYS.
describe('the mail outbox keeps no secrets and no old mail', () => {
  const t = appWithMailSink({ mailRetentionDays: 14 });

  it('delivers the sign-in link and code, then keeps the row without them', async () => {
    await requestLink(t.app, JORDAN);
    const [pending] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, JORDAN));
    expect(pending?.status).toBe('pending');
    await t.app.mail.flush();
    const delivered = t.sink.mailsTo(JORDAN).at(-1);
    const { token, code } = linkOf(delivered?.text ?? '');
    expect(delivered?.html).toContain(token);
    const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, pending!.id));
    expect(row?.status).toBe('sent');
    expect(row?.subject).toBe(delivered?.subject);
    for (const secret of [token, code]) {
      expect(row?.text).not.toContain(secret);
      expect(row?.html ?? '').not.toContain(secret);
    }
    expect(row?.text).toContain('[removed after sending]');
  });

  // PGlite runs inside this process and reads its (here faked) clock: one server, no drift.
  it.runIf(Boolean(process.env.DATABASE_URL))(
    'sends mail queued a moment ago from a server whose clock runs slow',
    async () => {
      await requestLink(t.app, JORDAN);
      const before = t.sink.mailsTo(JORDAN).length;
      // Due is what the database's clock says (as for the lease), not the server's.
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 5 * 60_000 });
      try {
        expect(await t.app.mail.flush()).toBe(1);
      } finally {
        vi.useRealTimers();
      }
      expect(t.sink.mailsTo(JORDAN)).toHaveLength(before + 1);
    },
  );

  it(`deletes delivered mail older than MAIL_RETENTION_DAYS, keeps the rest`, async () => {
    const rows = await t.app.db
      .insert(mailOutbox)
      .values([
        {
          to: 'old@example.com',
          subject: 'old',
          text: 'old',
          status: 'sent' as const,
          sentAt: sql`now() - interval '15 days'`,
        },
        {
          to: 'recent@example.com',
          subject: 'recent',
          text: 'recent',
          status: 'sent' as const,
          sentAt: sql`now() - interval '13 days'`,
        },
        {
          to: 'gave-up@example.com',
          subject: 'failed',
          text: 'failed',
          status: 'failed' as const,
          createdAt: sql`now() - interval '20 days'`,
        },
        {
          to: 'waiting@example.com',
          subject: 'waiting',
          text: 'waiting',
          status: 'pending' as const,
          createdAt: sql`now() - interval '20 days'`,
          nextAttemptAt: sql`now() + interval '1 hour'`,
        },
      ])
      .returning({ to: mailOutbox.to });
    expect(rows).toHaveLength(4);
    expect(await t.app.mail.purgeDelivered()).toBe(2);
    const left = (await t.app.db.select({ to: mailOutbox.to }).from(mailOutbox)).map((r) => r.to);
    expect(left).not.toContain('old@example.com');
    expect(left).not.toContain('gave-up@example.com');
    expect(left).toContain('recent@example.com');
    expect(left).toContain('waiting@example.com');
  });
});

// ADR 044: a claimed batch goes out concurrently over the pool; each mail keeps its own status.
describe('the mail outbox sending a batch concurrently', () => {
  let relay: SMTPServer;
  let port = 0;
  const accepted: string[] = [];
  beforeAll(async () => {
    relay = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('refused')) callback(new Error('550 no such mailbox'));
        else callback();
      },
      onData(stream, session, callback) {
        stream.on('data', () => {});
        stream.on('end', () => {
          accepted.push(...session.envelope.rcptTo.map((r) => r.address));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    port = (relay.server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => relay.close(() => resolve())));

  it('marks the sent ones sent and only the refused one for a retry', async () => {
    const t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
    try {
      const recipients = Array.from({ length: 12 }, (_, i) =>
        i === 5 ? 'refused@example.com' : `ok${i}@example.com`,
      );
      await t.app.db
        .insert(mailOutbox)
        .values(recipients.map((to) => ({ to, subject: `to ${to}`, text: 'hello' })));
      expect(await t.app.mail.flush()).toBe(11);
      const rows = await t.app.db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.to, recipients));
      const byTo = new Map(rows.map((r) => [r.to, r]));
      const refused = byTo.get('refused@example.com');
      expect(refused?.status).toBe('pending');
      expect(refused?.attempts).toBe(1);
      expect(refused?.lastError).toContain('no such mailbox');
      expect(refused!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      for (const to of recipients.filter((r) => r !== 'refused@example.com')) {
        expect(byTo.get(to)?.status).toBe('sent');
        expect(byTo.get(to)?.attempts).toBe(1);
      }
      expect(accepted.sort()).toEqual(recipients.filter((r) => !r.startsWith('refused')).sort());
      expect(t.app.mail.stats).toEqual({ delivered: 11, failedAttempts: 1 });
    } finally {
      await t.close();
    }
  });
});
