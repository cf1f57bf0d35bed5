import { eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { secondFactorDevices, users } from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL } from '../../seed/demo.ts';
import { appWithMailSink } from '../../test/mail-app.ts';
import { cookieAfter, sessionCookieFor } from '../../test/sign-in.ts';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/second-factor.ts';

const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });
const wrongFor = (secret: string) => (codeAt(secret) === '000000' ? '111111' : '000000');
const OFF_SUBJECT = 'Authenticator and recovery codes turned off for your account';

// Issue 35 (M-2FA): whoever holds a staff member's mailbox passes the mail link and may type
// wrong codes. A browser where the owner confirmed their second factor before keeps its own
// count, so that guesser cannot lock the owner out of it; a right code forgets the wrong ones
// before it, and the same right code sent twice is not a guess.
describe('second factor: known browsers', () => {
  const t = appWithMailSink({ rateLimitScale: 50 });
  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const staffWork = (cookie: string) =>
    t.app.inject({ url: '/api/staff/customers', headers: { cookie } });

  async function newStaff(email: string) {
    const [user] = await t.app.db
      .insert(users)
      .values({ email, firstName: 'Sam', lastName: 'Staff', role: 'staff', staffRole: 'admin' })
      .returning({ id: users.id });
    return user!.id;
  }

  /** Enrols the authenticator in one browser: its secret, recovery codes and browser cookie. */
  async function enrol(email: string) {
    const pending = await sessionCookieFor(t.app, email, { firstStepOnly: true });
    const { secret } = (await post('/api/auth/second-factor/totp', pending)).json<{
      secret: string;
    }>();
    const confirmed = await post('/api/auth/second-factor/totp/confirm', pending, {
      code: codeAt(secret),
    });
    expect(confirmed.statusCode).toBe(200);
    const device = confirmed.cookies.find((c) => c.name === 'sf-device');
    expect(device?.httpOnly).toBe(true);
    return {
      secret,
      recoveryCodes: confirmed.json<{ recoveryCodes: string[] }>().recoveryCodes,
      browser: `sf-device=${device!.value}`,
    };
  }
  const verify = (cookie: string, method: 'totp' | 'recovery-code', code: string) =>
    post('/api/auth/second-factor/verify', cookie, { method, code });
  const offMails = async (email: string) => {
    await t.app.mail.flush();
    return t.sink.mailsTo(email).filter((m) => m.subject === OFF_SUBJECT);
  };

  it('ten wrong codes from a new browser turn codes off there, not in the browser the owner confirmed on', async () => {
    const email = 'sam.known@example.com';
    const userId = await newStaff(email);
    const owner = await enrol(email);

    const stranger = await sessionCookieFor(t.app, email, { firstStepOnly: true });
    for (let i = 0; i < 9; i++) {
      const res = await verify(stranger, 'totp', wrongFor(owner.secret));
      expect(res.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.wrongCode });
    }
    const tenth = await verify(stranger, 'totp', wrongFor(owner.secret));
    expect(tenth.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.locked });
    const strangerRight = await verify(stranger, 'recovery-code', owner.recoveryCodes[0]!);
    expect(strangerRight.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.locked });

    const session = await sessionCookieFor(t.app, email, { firstStepOnly: true });
    const inKnownBrowser = `${session}; ${owner.browser}`;
    const ownerRight = await verify(inKnownBrowser, 'recovery-code', owner.recoveryCodes[0]!);
    expect(ownerRight.statusCode).toBe(204);
    expect((await staffWork(cookieAfter(t.app, ownerRight, inKnownBrowser))).statusCode).toBe(200);

    const [mail] = await offMails(email);
    const text = mail?.text.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('in every browser where you have not confirmed it is you before');
    expect(text).toContain('In a browser where you have, they still work.');

    // A colleague's reset makes every browser a stranger again.
    const colleague = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL);
    const reset = await post(`/api/staff/staff-members/${userId}/second-factor/reset`, colleague);
    expect(reset.statusCode).toBe(204);
    expect(await t.app.db.$count(secondFactorDevices, eq(secondFactorDevices.userId, userId))).toBe(
      0,
    );
  });

  it('a known browser counts its own wrong codes: a right one forgets them, the tenth after it locks only that browser', async () => {
    const email = 'sam.count@example.com';
    await newStaff(email);
    const owner = await enrol(email);
    const known = `${await sessionCookieFor(t.app, email, { firstStepOnly: true })}; ${owner.browser}`;
    for (let i = 0; i < 9; i++) {
      const res = await verify(known, 'totp', wrongFor(owner.secret));
      expect(res.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.wrongCode });
    }
    expect((await verify(known, 'recovery-code', owner.recoveryCodes[0]!)).statusCode).toBe(204);
    const again = `${await sessionCookieFor(t.app, email, { firstStepOnly: true })}; ${owner.browser}`;
    for (let i = 0; i < 9; i++) {
      const res = await verify(again, 'totp', wrongFor(owner.secret));
      expect(res.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.wrongCode });
    }
    const tenth = await verify(again, 'totp', wrongFor(owner.secret));
    expect(tenth.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.lockedHere });

    // Every other browser still takes a right code.
    const elsewhere = await sessionCookieFor(t.app, email, { firstStepOnly: true });
    expect((await verify(elsewhere, 'recovery-code', owner.recoveryCodes[1]!)).statusCode).toBe(
      204,
    );
    const [mail] = await offMails(email);
    expect(mail?.text.replace(/\s+/g, ' ')).toContain('Your other browsers are not affected.');
  });

  it('the same right code sent twice at once lets one in and does not count the other as a guess', async () => {
    const email = 'sam.twice@example.com';
    await newStaff(email);
    const owner = await enrol(email);
    // From two sessions: one session's twin may find its id renewed by the first (401).
    const one = await sessionCookieFor(t.app, email, { firstStepOnly: true });
    const other = await sessionCookieFor(t.app, email, { firstStepOnly: true });
    const next = codeAt(owner.secret, Date.now() + 30_000);
    const both = await Promise.all([verify(one, 'totp', next), verify(other, 'totp', next)]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([204, 400]);
    // Nine guesses after it: had the refused twin counted, the ninth would turn codes off.
    const stranger = await sessionCookieFor(t.app, email, { firstStepOnly: true });
    for (let i = 0; i < 9; i++) {
      const res = await verify(stranger, 'totp', wrongFor(owner.secret));
      expect(res.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.wrongCode });
    }
  });
});
