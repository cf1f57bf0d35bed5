import { eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { appWithMailSink } from '../../test/mail-app.ts';
import { linkOf, openForm, postForm, requestLink } from '../../test/login-links.ts';
import { cookieAfter, sessionCookieFor } from '../../test/sign-in.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';
const STAFF = 'lee.staff@example.com';
const LOCK_SUBJECT = 'Sign-in codes turned off for your account';

// Issue 13, item 5: wrong codes count per account, across links; ten in an hour turn codes off.
describe('wrong sign-in codes per account', () => {
  const t = appWithMailSink({ rateLimitScale: 20 });

  async function newLink(email = JORDAN) {
    expect((await requestLink(t.app, email)).statusCode).toBe(200);
    await t.app.mail.flush();
    const mail = t.sink
      .mailsTo(email)
      .filter((m) => m.subject.startsWith('Your sign-in link'))
      .at(-1);
    return linkOf(mail?.text ?? '');
  }
  async function typeCode(code: string, email = JORDAN) {
    const form = await openForm(t.app, '/api/login');
    return postForm(t.app, '/api/login/code', form, { email, code });
  }
  const wrong = (code: string) => (code === '000000' ? '111111' : '000000');

  it('after 10 wrong codes in an hour, even the right code is refused, the link still works, and the owner is told', async () => {
    for (let round = 0; round < 2; round++) {
      const { code } = await newLink();
      for (let i = 0; i < 5; i++) expect((await typeCode(wrong(code))).statusCode).toBe(400);
    }
    await t.app.mail.flush();
    const notices = t.sink.mailsTo(JORDAN).filter((m) => m.subject === LOCK_SUBJECT);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('sign-in links still work');
    expect(notices[0]?.text).not.toContain('second factor');

    const fresh = await newLink();
    const refused = await typeCode(fresh.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('That code is not valid or has expired.');

    const form = await openForm(t.app, `/api/login/verify?token=${fresh.token}`);
    const pressed = await postForm(t.app, '/api/login/verify', form, { token: fresh.token });
    expect(pressed.statusCode).toBe(303);
  });

  it('codes work again once the lock has run out', async () => {
    const [jordan] = await t.app.db.select().from(users).where(eq(users.email, JORDAN));
    await t.app.db.execute(
      sql`update sign_in_code_locks set locked_until = now() - interval '1 second' where user_id = ${jordan!.id}`,
    );
    const { code } = await newLink();
    expect((await typeCode(code)).statusCode).toBe(303);
  });

  // Review N1: the code form is anonymous, so its lock must not reach the second factor.
  it('10 wrong sign-in codes for a staff address leave their authenticator and recovery codes working', async () => {
    await t.app.db.insert(users).values({
      email: STAFF,
      firstName: 'Lee',
      lastName: 'Staff',
      role: 'staff',
      staffRole: 'admin',
    });
    const enrolling = await sessionCookieFor(t.app, STAFF);
    const post = (url: string, cookie: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
    const { secret } = (await post('/api/auth/second-factor/totp', enrolling)).json<{
      secret: string;
    }>();
    const codeAt = (timestamp: number) =>
      new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
    const confirmed = await post('/api/auth/second-factor/totp/confirm', enrolling, {
      code: codeAt(Date.now()),
    });
    expect(confirmed.statusCode).toBe(200);
    const [recoveryCode] = confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes;

    // Anyone who knows the address: two links asked for, five wrong codes against each.
    for (let round = 0; round < 2; round++) {
      const { code } = await newLink(STAFF);
      for (let i = 0; i < 5; i++) {
        expect((await typeCode(wrong(code), STAFF)).statusCode).toBe(400);
      }
    }
    // The owner, past a link, still confirms it is them with either code.
    const staffWork = (cookie: string) =>
      t.app.inject({ url: '/api/staff/customers', headers: { cookie } });
    const first = await sessionCookieFor(t.app, STAFF, { firstStepOnly: true });
    const totp = await post('/api/auth/second-factor/verify', first, {
      method: 'totp',
      code: codeAt(Date.now() + 30_000),
    });
    expect(totp.statusCode).toBe(204);
    expect((await staffWork(cookieAfter(t.app, totp, first))).statusCode).toBe(200);
    const second = await sessionCookieFor(t.app, STAFF, { firstStepOnly: true });
    const recovery = await post('/api/auth/second-factor/verify', second, {
      method: 'recovery-code',
      code: recoveryCode!,
    });
    expect(recovery.statusCode).toBe(204);
    expect((await staffWork(cookieAfter(t.app, recovery, second))).statusCode).toBe(200);
    // The mail says so, and does not send them to a reset they do not need.
    await t.app.mail.flush();
    const notices = t.sink.mailsTo(STAFF).filter((m) => m.subject === LOCK_SUBJECT);
    expect(notices).toHaveLength(1);
    const text = notices[0]?.text.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('sign-in links still work');
    expect(text).toContain('Your passkey, authenticator app and recovery codes are not affected');
    expect(text).not.toContain('reset your second factor');
  });
});
