import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { linkOf, openForm, postForm, requestLink } from '../login-links.ts';
import { startSmtpSink } from '../smtp-sink.ts';
import { sessionCookieFor } from '../sign-in.ts';
import { flipChar } from '../tamper.ts';
import { createTestApp, testConfig, type TestApp } from '../test-app.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';

describe('session cookies an attacker controls', () => {
  let t: TestApp;
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, rateLimitScale: 1 });
  });
  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  const me = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

  const signIn = async (cookie = '') => {
    const asked = await requestLink(t.app, JORDAN);
    expect(asked.statusCode).toBe(200);
    await t.app.mail.flush();
    const { token } = linkOf(sink.mailsTo(JORDAN).at(-1)?.text ?? '');
    const form = await openForm(t.app, `/api/login/verify?token=${token}`, cookie);
    const res = await postForm(t.app, '/api/login/verify', form, { token });
    return { res, token, form };
  };

  it('refuses a tampered, unsigned, foreign-signed or absurd cookie with 401', async () => {
    const good = await sessionCookieFor(t.app, JORDAN);
    expect((await me(good)).statusCode).toBe(200);
    const [name, value = ''] = good.split(/=(.*)/s);
    const dot = value.lastIndexOf('.');
    const raw = value.slice(0, dot);
    const sig = value.slice(dot + 1);
    const variants = [
      `${flipChar(raw, 3)}.${sig}`,
      `${raw}.${flipChar(sig, 5)}`,
      raw,
      `${raw}.`,
      '.',
      '',
      'x'.repeat(4000),
      `${raw}.${sig}.${sig}`,
      '%00%ff',
    ];
    for (const v of variants) {
      const res = await me(`${name}=${v}`);
      expect(res.statusCode, v.slice(0, 40)).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('accepts a cookie signed with the previous secret during rotation, and no other', async () => {
    const other = await buildApp(
      testConfig(t.db.dataDir, {
        databaseUrl: t.db.databaseUrl,
        sessionSecrets: ['old-secret-old-secret-old-secret-0'],
      }),
      {
        database: t.db.database,
        mailWorker: false,
      },
    );
    const rotated = await buildApp(
      testConfig(t.db.dataDir, {
        databaseUrl: t.db.databaseUrl,
        sessionSecrets: [
          'new-secret-new-secret-new-secret-1',
          'old-secret-old-secret-old-secret-0',
        ],
      }),
      { database: t.db.database, mailWorker: false },
    );
    try {
      const oldCookie = await sessionCookieFor(other, JORDAN);
      const res = await rotated.inject({
        method: 'GET',
        url: '/api/auth/user',
        headers: { cookie: oldCookie },
      });
      expect(res.statusCode).toBe(200);
      // The app on the default secret never signed it: refused.
      expect((await me(oldCookie)).statusCode).toBe(401);
    } finally {
      await other.close();
      await rotated.close();
    }
  });

  it('never keeps a pre-login session: fixation fails, the link works once', async () => {
    // The attacker plants a session id of their own in the victim's browser.
    const planted = await sessionCookieFor(t.app, 'sam.rivera@globex-retail.example');
    const { res, token, form } = await signIn(planted);
    expect(res.statusCode).toBe(303);
    const issued = res.cookies.find((c) => c.name === t.app.sessionCookieName)?.value;
    expect(issued).toBeTruthy();
    expect(`${t.app.sessionCookieName}=${issued}`).not.toBe(planted);
    // The planted session is gone; the new one is the victim's.
    expect((await me(planted)).statusCode).toBe(401);
    expect((await me(`${t.app.sessionCookieName}=${issued}`)).json()).toMatchObject({
      email: JORDAN,
    });
    // Replaying the same link is refused and creates no session.
    const replay = await postForm(t.app, '/api/login/verify', form, { token });
    expect(replay.statusCode).toBe(400);
    expect(replay.cookies.find((c) => c.name === t.app.sessionCookieName)).toBeUndefined();
  });

  it('logout ends the session for every request that carries it', async () => {
    const { res } = await signIn();
    const cookie = `${t.app.sessionCookieName}=${res.cookies.find((c) => c.name === t.app.sessionCookieName)?.value}`;
    expect((await me(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBeLessThan(400);
    expect((await me(cookie)).statusCode).toBe(401);
  });

  it('limits sign-in requests for one address (the 6th in 15 minutes is refused)', async () => {
    const email = 'sam.rivera@globex-retail.example';
    await t.app.mail.flush();
    const mailsBefore = sink.mailsTo(email).length;
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await requestLink(t.app, email)).statusCode);
    expect(statuses.slice(0, 5).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(5)).toEqual([429, 429]);
    await t.app.mail.flush();
    // Three links went out (at most 3 live per account, issue 13); the others sent nothing.
    expect(sink.mailsTo(email).length - mailsBefore).toBe(3);
  });
});
