import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client.ts';
import { sessions, signIns, signInTokens, users } from '../../db/schema.ts';
import { startSmtpSink } from '../../test/smtp-sink.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import {
  cookieHeader,
  cookiesOf,
  linkOf,
  openForm,
  postForm,
  requestLink,
} from '../../test/login-links.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';
const STAFF = 'support@example.com';

describe('verifying a sign-in link', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    // Many sign-ins from one address: the limits stay on, wider (their own test is in limits.test.ts).
    t = await createTestApp({ smtpUrl: sink.url, rateLimitScale: 20 });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  async function newLink(email: string) {
    const res = await requestLink(t.app, email);
    expect(res.statusCode).toBe(200);
    await t.app.mail.flush();
    return linkOf(sink.mailsTo(email).at(-1)?.text ?? '');
  }
  const verifyUrl = (token: string) => `/api/login/verify?token=${token}`;
  const press = async (token: string) => {
    const form = await openForm(t.app, verifyUrl(token));
    return postForm(t.app, '/api/login/verify', form, { token });
  };
  const userOf = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
  const userId = async (email: string) =>
    (await t.app.db.select().from(users).where(eq(users.email, email)))[0]!.id;

  it('opening the link (GET or HEAD) only shows a button, without a referrer, and changes nothing', async () => {
    const { token } = await newLink(JORDAN);
    const tokensBefore = await t.app.db.select().from(signInTokens);
    const head = await t.app.inject({ method: 'HEAD', url: verifyUrl(token) });
    expect(head.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: verifyUrl(token) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.body).toContain('<h1>Sign in to Meridian IT Services</h1>');
    expect(res.body).toContain('<button type="submit">Sign in</button>');
    expect(res.body).not.toContain('<script');
    expect(await t.app.db.select().from(signInTokens)).toEqual(tokensBefore);
    expect(cookiesOf(res)[t.app.sessionCookieName]).toBeUndefined();
  });

  it('the button signs in once: session cookie, sign_ins row, redirect to the dashboard', async () => {
    const { token } = await newLink(JORDAN);
    const id = await userId(JORDAN);
    const signInsBefore = await t.app.db.select().from(signIns).where(eq(signIns.userId, id));
    const form = await openForm(t.app, verifyUrl(token));
    const res = await postForm(
      t.app,
      '/api/login/verify',
      form,
      { token },
      { 'user-agent': 'Test Browser/1.0' },
    );
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/portal/dashboard');
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.maxAge).toBe(30 * 24 * 60 * 60);
    const me = await userOf(`sid=${cookie?.value}`);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: JORDAN, firstName: 'Jordan' });
    const after = await t.app.db.select().from(signIns).where(eq(signIns.userId, id));
    expect(after.length).toBe(signInsBefore.length + 1);
    expect(after.some((r) => r.userAgent === 'Test Browser/1.0')).toBe(true);

    const again = await postForm(t.app, '/api/login/verify', form, { token });
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This sign-in link is not valid');
    expect(again.body).toContain('href="/api/login"');
    const reopened = await t.app.inject({ method: 'GET', url: verifyUrl(token) });
    expect(reopened.statusCode).toBe(400);
  });

  it('the session id is random (at least 128 bits) and fresh at every sign-in', async () => {
    const first = await press((await newLink(JORDAN)).token);
    const firstSid = first.cookies.find((c) => c.name === 'sid')!.value;
    const rawFirst = t.app.unsignCookie(firstSid).value ?? '';
    expect(Buffer.from(rawFirst, 'base64url').length).toBeGreaterThanOrEqual(16);
    const { token } = await newLink(JORDAN);
    const form = await openForm(t.app, verifyUrl(token), `sid=${firstSid}`);
    const second = await postForm(t.app, '/api/login/verify', form, { token });
    const secondSid = second.cookies.find((c) => c.name === 'sid')!.value;
    expect(secondSid).not.toBe(firstSid);
    expect((await userOf(`sid=${firstSid}`)).statusCode).toBe(401);
    expect((await userOf(`sid=${secondSid}`)).statusCode).toBe(200);
  });

  it('refuses an expired token', async () => {
    const { token } = await newLink(JORDAN);
    await t.app.db.update(signInTokens).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await press(token).catch(() => null);
    // The GET already says the link is dead, so there is no form to press.
    expect(res).toBeNull();
    const form = await openForm(t.app, '/api/login');
    const post = await postForm(t.app, '/api/login/verify', form, { token });
    expect(post.statusCode).toBe(400);
    expect(post.body).toContain('This sign-in link is not valid');
  });

  it('refuses an unknown token; a newer request leaves the older link and sessions alone', async () => {
    const form = await openForm(t.app, '/api/login');
    const unknown = await postForm(t.app, '/api/login/verify', form, { token: 'x'.repeat(43) });
    expect(unknown.statusCode).toBe(400);
    const signedIn = await press((await newLink(JORDAN)).token);
    const sid = signedIn.cookies.find((c) => c.name === 'sid')!.value;
    const older = await newLink(JORDAN);
    await newLink(JORDAN);
    // Issue 13, item 6: asking again must not cancel a link the owner may be about to open.
    const res = await postForm(t.app, '/api/login/verify', form, { token: older.token });
    expect(res.statusCode).toBe(303);
    expect((await userOf(`sid=${sid}`)).statusCode).toBe(200);
  });

  it('stores no raw token or code in the database', async () => {
    const { token, code } = await newLink(JORDAN);
    const dump =
      JSON.stringify(await selectRows(t.app.db, sql`select * from sign_in_tokens`)) +
      JSON.stringify(
        await selectRows(
          t.app.db,
          sql`select * from mail_outbox where status = 'sent' and "to" <> ${JORDAN}`,
        ),
      );
    expect(dump).not.toContain(token);
    expect(dump).not.toContain(code);
    const rows = await t.app.db.select().from(signInTokens);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.tokenHash))).toBe(true);
  });

  it('a staff member lands on /staff', async () => {
    const res = await press((await newLink(STAFF)).token);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/staff');
  });

  it('signs in with the typed code, once; wrong codes count and end the token', async () => {
    const { code } = await newLink(JORDAN);
    const form = await openForm(t.app, '/api/login');
    const wrong = await postForm(t.app, '/api/login/code', form, {
      email: JORDAN,
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('That code is not valid or has expired.');
    const right = await postForm(t.app, '/api/login/code', form, { email: JORDAN, code });
    expect(right.statusCode).toBe(303);
    expect(right.headers.location).toBe('/portal/dashboard');
    const reuse = await postForm(t.app, '/api/login/code', form, { email: JORDAN, code });
    expect(reuse.statusCode).toBe(400);

    const fresh = await newLink(JORDAN);
    const bad = fresh.code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await postForm(t.app, '/api/login/code', form, { email: JORDAN, code: bad });
    const late = await postForm(t.app, '/api/login/code', form, {
      email: JORDAN,
      code: fresh.code,
    });
    expect(late.statusCode).toBe(400);
    expect(late.body).toContain('That code is not valid or has expired.');
    // An address without an account gets the very same answer.
    const unknown = await postForm(t.app, '/api/login/code', form, {
      email: 'nobody@unknown.example',
      code: fresh.code,
    });
    const strip = (html: string) =>
      html.replace(/value="[^"]*"/g, '').replace(/<strong>[^<]*<\/strong>/, '');
    expect(strip(unknown.body)).toBe(strip(late.body));
  });

  it('refuses a deactivated user at once, even with a live session', async () => {
    const signedIn = await press((await newLink(JORDAN)).token);
    const sid = signedIn.cookies.find((c) => c.name === 'sid')!.value;
    const { token } = await newLink(JORDAN);
    await t.app.db.update(users).set({ active: false }).where(eq(users.email, JORDAN));
    try {
      expect((await userOf(`sid=${sid}`)).statusCode).toBe(401);
      const form = await openForm(t.app, '/api/login');
      const res = await postForm(t.app, '/api/login/verify', form, { token });
      expect(res.statusCode).toBe(400);
    } finally {
      await t.app.db.update(users).set({ active: true }).where(eq(users.email, JORDAN));
    }
  });

  it('logout deletes the session, clears the cookie and goes home', async () => {
    const signedIn = await press((await newLink(JORDAN)).token);
    const sid = signedIn.cookies.find((c) => c.name === 'sid')!.value;
    const before = (await t.app.db.select().from(sessions)).length;
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/logout',
      headers: { cookie: cookieHeader({ sid }) },
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    const cleared = res.cookies.find((c) => c.name === 'sid');
    expect(cleared?.value).toBe('');
    expect((await t.app.db.select().from(sessions)).length).toBe(before - 1);
    expect((await userOf(`sid=${sid}`)).statusCode).toBe(401);
  });
});
