import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, signInTokens } from '../../db/schema.ts';
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
