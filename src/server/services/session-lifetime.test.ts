import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../db/schema.ts';
import { sessionCookieFor } from '../test/sign-in.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, sha256 } from './sessions.ts';

// ASVS 5.0 V7.3 (docs/decisions/asvs-v6-v7.md): a session ends after
// 7 idle days and 30 days at the latest, whatever the cookie says.
describe('session lifetime', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const user = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  /** The session row behind a cookie header `name=signed`. */
  const rowOf = (cookie: string) => {
    const signed = decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1));
    const raw = t.app.unsignCookie(signed);
    if (!raw.valid || !raw.value) throw new Error('cookie not signed by the app');
    return eq(sessions.idHash, sha256(raw.value));
  };
  const ago = (ms: number) => new Date(Date.now() - ms);

  // Idleness is read from the database (an account is cached for at most the 5 minutes
  // between touches), so the session goes idle before its first request here.
  it('ends a session unused for longer than the idle limit (7 days)', async () => {
    const cookie = await sessionCookieFor(t.app, 'jordan.lee@acme-logistics.example');
    const idle = SESSION_IDLE_MS + 60_000;
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: ago(idle) })
      .where(rowOf(cookie));
    expect((await user(cookie)).statusCode).toBe(401);
    // A day short of the limit is still a session.
    const fresh = await sessionCookieFor(t.app, 'jordan.lee@acme-logistics.example');
    const almost = SESSION_IDLE_MS - 24 * 60 * 60 * 1000;
    await t.app.db
      .update(sessions)
      .set({ lastSeenAt: ago(almost) })
      .where(rowOf(fresh));
    expect((await user(fresh)).statusCode).toBe(200);
  });

  it('ends a session at its absolute lifetime (30 days) even while in use', async () => {
    const cookie = await sessionCookieFor(t.app, 'jordan.lee@acme-logistics.example');
    expect((await user(cookie)).statusCode).toBe(200);
    const [row] = await t.app.db
      .select({ createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(rowOf(cookie));
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThanOrEqual(
      SESSION_ABSOLUTE_MS + 1000,
    );
    await t.app.db
      .update(sessions)
      .set({ expiresAt: ago(1000), lastSeenAt: new Date() })
      .where(rowOf(cookie));
    await expect.poll(async () => (await user(cookie)).statusCode, { timeout: 5000 }).toBe(401);
  });
});
