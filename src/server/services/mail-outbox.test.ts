import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema.ts';
import { linkOf, requestLink } from '../test/login-links.ts';
import { appWithMailSink } from '../test/mail-app.ts';

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
