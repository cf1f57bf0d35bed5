import fs from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../../db/schema.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { TMP_ROOT } from '../../test/template.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { cookieHeader, linkOf, openForm, postForm, requestLink } from '../../test/login-links.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';

/** The cookies a browser would hold: set, replaced and removed by each response. */
function cookieJar() {
  const cookies: Record<string, string> = {};
  return {
    cookies,
    header: () => cookieHeader(cookies),
    take(res: LightMyRequestResponse) {
      for (const c of res.cookies) {
        const expired = c.maxAge === 0 || (c.expires && c.expires.getTime() <= Date.now());
        if (expired) delete cookies[c.name];
        else cookies[c.name] = c.value;
      }
      return res;
    },
  };
}

// The page tells the client whether to ask "who am I" (docs/decisions/013-session-hint.md):
// the hint follows the session cookie from sign-in to logout or to the session's end.
describe('the session hint of the pages', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  const clientDir = path.join(TMP_ROOT, `hint-client-${process.pid}`);
  beforeAll(async () => {
    await fs.mkdir(clientDir, { recursive: true });
    await fs.writeFile(
      path.join(clientDir, 'index.html'),
      '<html><head><meta name="session-hint" content="__SESSION_HINT__" /></head><body></body></html>',
    );
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, clientDir, rateLimitScale: 20 });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
    await fs.rm(clientDir, { recursive: true, force: true });
  });

  async function signIn(jar: ReturnType<typeof cookieJar>) {
    jar.take(await requestLink(t.app, JORDAN));
    await t.app.mail.flush();
    const { token } = linkOf(sink.mailsTo(JORDAN).at(-1)?.text ?? '');
    const form = await openForm(t.app, `/api/login/verify?token=${token}`, jar.header());
    const res = jar.take(await postForm(t.app, '/api/login/verify', form, { token }));
    expect(res.statusCode).toBe(303);
  }
  const get = async (jar: ReturnType<typeof cookieJar>, url: string) =>
    jar.take(await t.app.inject({ method: 'GET', url, headers: { cookie: jar.header() } }));
  const hintOn = async (jar: ReturnType<typeof cookieJar>, url = '/') =>
    /<meta name="session-hint" content="(\w+)"/.exec((await get(jar, url)).body)?.[1];
  const post = async (jar: ReturnType<typeof cookieJar>, url: string) =>
    jar.take(await t.app.inject({ method: 'POST', url, headers: { cookie: jar.header() } }));

  it('is absent for a visitor, present from sign-in, absent again after logout', async () => {
    const jar = cookieJar();
    expect(await hintOn(jar)).toBe('absent');
    expect(await hintOn(jar, '/portal/dashboard')).toBe('absent');
    await signIn(jar);
    expect(await hintOn(jar)).toBe('present');
    expect(await hintOn(jar, '/portal/dashboard')).toBe('present');
    const user = await get(jar, '/api/auth/user');
    expect(user.statusCode).toBe(200);
    expect(user.cookies).toEqual([]);
    expect((await get(jar, '/api/logout')).statusCode).toBe(303);
    expect(await hintOn(jar)).toBe('absent');
  });

  it('is absent after "Logout from all sessions"', async () => {
    const jar = cookieJar();
    await signIn(jar);
    expect((await post(jar, '/api/auth/logout-all')).statusCode).toBe(204);
    expect(await hintOn(jar)).toBe('absent');
  });

  it('stays present for an ended session until its "who am I" call answers 401, which removes the cookie', async () => {
    const jar = cookieJar();
    await signIn(jar);
    const [jordan] = await t.app.db.select().from(users).where(eq(users.email, JORDAN));
    await t.app.db
      .update(sessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(sessions.userId, jordan!.id));
    // The server does not look the session up to serve a page; the client asks next.
    expect(await hintOn(jar)).toBe('present');
    const user = await get(jar, '/api/auth/user');
    expect(user.statusCode).toBe(401);
    expect(user.json()).toEqual({ message: 'Unauthorized' });
    expect(user.cookies).toMatchObject([{ name: 'sid', value: '', httpOnly: true, path: '/' }]);
    expect(await hintOn(jar)).toBe('absent');
  });

  it('does not send a cookie-clearing header to a visitor who had no cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/user' });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });
});
