import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { auditLog, sessions, signIns, users } from '../../db/schema.ts';
import { DEMO_STAFF_EMAIL, DEMO_USERS } from '../../seed/demo.ts';
import { companyIdOf } from '../../test/companies.ts';
import { appWithMailSink } from '../../test/mail-app.ts';
import { cookieAfter, sessionCookieFor } from '../../test/sign-in.ts';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/second-factor.ts';

const COLLEAGUE = 'pat.staff@example.com';
const codeAt = (secret: string, timestamp = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp });

// Issue 19: staff's authenticator app and recovery codes.
describe('staff second factor', () => {
  const t = appWithMailSink({ rateLimitScale: 20 });
  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const status = async (cookie: string) =>
    (await t.app.inject({ url: '/api/auth/second-factor', headers: { cookie } })).json();
  const staffWork = (cookie: string) =>
    t.app.inject({ url: '/api/staff/customers', headers: { cookie } });
  let secret = '';
  let recoveryCodes: string[] = [];

  it('a staff member without a factor enrols an authenticator, confirms it and gets 10 recovery codes', async () => {
    const cookie = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    expect(await status(cookie)).toEqual({
      pending: true,
      passkeys: 0,
      totp: false,
      recoveryCodesLeft: 0,
    });
    expect((await staffWork(cookie)).statusCode).toBe(401);

    const enrol = await post('/api/auth/second-factor/totp', cookie);
    expect(enrol.statusCode).toBe(200);
    const body = enrol.json<{ uri: string; secret: string; qrDataUrl: string }>();
    expect(body.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/);
    expect(body.qrDataUrl).toMatch(/^data:image\/svg\+xml;base64,/);
    secret = body.secret;

    const wrong = await post('/api/auth/second-factor/totp/confirm', cookie, {
      code: codeAt(secret) === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.wrongCode });

    const confirm = await post('/api/auth/second-factor/totp/confirm', cookie, {
      code: codeAt(secret),
    });
    expect(confirm.statusCode).toBe(200);
    recoveryCodes = confirm.json<{ recoveryCodes: string[] }>().recoveryCodes;
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    // Confirming marks the session under a new id: the workspace opens to the new cookie only,
    // so whoever knew the id of the half-signed-in session holds nothing (fixation, issue 35).
    const renewed = cookieAfter(t.app, confirm, cookie);
    expect(renewed).not.toBe(cookie);
    expect((await staffWork(cookie)).statusCode).toBe(401);
    expect((await staffWork(renewed)).statusCode).toBe(200);
    expect(await status(renewed)).toEqual({
      pending: false,
      passkeys: 0,
      totp: true,
      recoveryCodesLeft: 10,
    });
  });

  it('a session with a factor may not enrol again on the mail link alone', async () => {
    const cookie = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    const res = await post('/api/auth/second-factor/totp', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.enrolNotAllowed });
  });

  it('accepts the next step (±1 window) and refuses an older step or the same code again (replay)', async () => {
    const previous = codeAt(secret, Date.now() - 30_000);
    const first = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    const ok = await post('/api/auth/second-factor/verify', first, {
      method: 'totp',
      code: previous,
    });
    // The enrolment used the current step already: a code of an earlier step is a replay.
    expect(ok.statusCode).toBe(400);

    const next = codeAt(secret, Date.now() + 30_000);
    const accepted = await post('/api/auth/second-factor/verify', first, {
      method: 'totp',
      code: next,
    });
    expect(accepted.statusCode).toBe(204);
    expect((await staffWork(first)).statusCode).toBe(401);
    expect((await staffWork(cookieAfter(t.app, accepted, first))).statusCode).toBe(200);

    const second = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    const replay = await post('/api/auth/second-factor/verify', second, {
      method: 'totp',
      code: next,
    });
    expect(replay.statusCode).toBe(400);
    expect((await staffWork(second)).statusCode).toBe(401);
  });

  it('a recovery code works once, and is logged', async () => {
    const code = recoveryCodes[0]!;
    const a = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    const used = await post('/api/auth/second-factor/verify', a, {
      method: 'recovery-code',
      code: code.toUpperCase(),
    });
    expect(used.statusCode).toBe(204);
    const signedIn = cookieAfter(t.app, used, a);
    expect((await staffWork(signedIn)).statusCode).toBe(200);
    expect((await status(signedIn)).recoveryCodesLeft).toBe(9);

    const b = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    const again = await post('/api/auth/second-factor/verify', b, {
      method: 'recovery-code',
      code,
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.wrongRecoveryCode });

    const [staff] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    const methods = (
      await t.app.db
        .select()
        .from(signIns)
        .where(and(eq(signIns.userId, staff!.id), eq(signIns.event, 'sign-in')))
    ).map((r) => r.method);
    expect(methods).toContain('totp');
    expect(methods).toContain('recovery-code');
  });

  // Issue 35: the staff-recent routes ask for a second factor within 10 minutes; a staff
  // member confirms it is them again instead of signing out.
  it('a signed-in session past 10 minutes confirms with its factor and is recent again; a wrong code changes nothing', async () => {
    const old = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { minutesAgo: 11 });
    const acmeId = await companyIdOf(t.app, 'Acme Logistics');
    const policy = (cookie = old) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/staff/customers/${acmeId}/sign-in-policy`,
        headers: { cookie },
        payload: { policy: 'any' },
      });
    expect((await policy()).statusCode).toBe(403);
    const wrong = await post('/api/auth/second-factor/verify', old, {
      method: 'recovery-code',
      code: 'not-a-code',
    });
    expect(wrong.statusCode).toBe(400);
    expect((await policy()).statusCode).toBe(403);
    const confirmed = await post('/api/auth/second-factor/verify', old, {
      method: 'recovery-code',
      code: recoveryCodes[1]!,
    });
    expect(confirmed.statusCode).toBe(204);
    const changed = await policy(cookieAfter(t.app, confirmed, old));
    expect(changed.statusCode, changed.body).toBe(200);
  });

  it('regenerating recovery codes needs a full session and replaces them all', async () => {
    const pending = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    expect((await post('/api/auth/second-factor/recovery-codes', pending)).statusCode).toBe(401);
    const full = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL);
    const res = await post('/api/auth/second-factor/recovery-codes', full);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ recoveryCodes: string[] }>().recoveryCodes).toHaveLength(10);
    expect((await status(full)).recoveryCodesLeft).toBe(10);
    const old = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL, { firstStepOnly: true });
    const stale = await post('/api/auth/second-factor/verify', old, {
      method: 'recovery-code',
      code: recoveryCodes[1]!,
    });
    expect(stale.statusCode).toBe(400);
  });

  it('a customer gets 403 from every second-factor route', async () => {
    const cookie = await sessionCookieFor(t.app, DEMO_USERS.acme);
    expect(
      (await t.app.inject({ url: '/api/auth/second-factor', headers: { cookie } })).statusCode,
    ).toBe(403);
    expect((await post('/api/auth/second-factor/totp', cookie)).statusCode).toBe(403);
    expect(
      (await post('/api/auth/second-factor/totp/confirm', cookie, { code: '123456' })).statusCode,
    ).toBe(403);
    expect(
      (await post('/api/auth/second-factor/verify', cookie, { method: 'totp', code: '123456' }))
        .statusCode,
    ).toBe(403);
    expect((await post('/api/auth/second-factor/recovery-codes', cookie)).statusCode).toBe(403);
    expect((await t.app.inject({ url: '/api/auth/second-factor' })).statusCode).toBe(401);
  });

  it('nobody resets their own second factor; a colleague’s reset is audited, mailed and ends their sessions', async () => {
    const full = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL);
    const [me] = await t.app.db.select().from(users).where(eq(users.email, DEMO_STAFF_EMAIL));
    const own = await post(`/api/staff/staff-members/${me!.id}/second-factor/reset`, full);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.ownReset });
    // Third outside attack (issue 35): the same id in capitals is still one's own.
    const shouted = await post(
      `/api/staff/staff-members/${me!.id.toUpperCase()}/second-factor/reset`,
      full,
    );
    expect(shouted.statusCode).toBe(400);
    expect(shouted.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.ownReset });

    const customer = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme));
    expect(
      (await post(`/api/staff/staff-members/${customer[0]!.id}/second-factor/reset`, full))
        .statusCode,
    ).toBe(404);

    // The colleague: staff, with an authenticator set up and a session.
    const [colleague] = await t.app.db
      .insert(users)
      .values({
        email: COLLEAGUE,
        firstName: 'Pat',
        lastName: 'Staff',
        role: 'staff',
        staffRole: 'admin',
      })
      .returning();
    const theirs = await sessionCookieFor(t.app, COLLEAGUE);
    const enrol = await post('/api/auth/second-factor/totp', theirs);
    const theirSecret = enrol.json<{ secret: string }>().secret;
    expect(
      (await post('/api/auth/second-factor/totp/confirm', theirs, { code: codeAt(theirSecret) }))
        .statusCode,
    ).toBe(200);

    // A token the colleague's session made (a stolen one, say) dies with the reset.
    const token = await post('/api/staff/api-tokens', theirs, {
      name: 'Script',
      scope: 'read',
      days: 30,
    });
    expect(token.statusCode, token.body).toBe(201);
    const bearer = `Bearer ${token.json<{ token: string }>().token}`;
    const byToken = () =>
      t.app.inject({ url: '/api/staff/customers', headers: { authorization: bearer } });
    expect((await byToken()).statusCode).toBe(200);

    const reset = await post(`/api/staff/staff-members/${colleague!.id}/second-factor/reset`, full);
    expect(reset.statusCode).toBe(204);
    expect(await t.app.db.$count(sessions, eq(sessions.userId, colleague!.id))).toBe(0);
    expect((await byToken()).statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: '/api/auth/second-factor', headers: { cookie: theirs } }))
        .statusCode,
    ).toBe(401);
    const fresh = await sessionCookieFor(t.app, COLLEAGUE, { firstStepOnly: true });
    expect(await status(fresh)).toEqual({
      pending: true,
      passkeys: 0,
      totp: false,
      recoveryCodesLeft: 0,
    });
    const audit = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, colleague!.id));
    expect(audit.map((a) => a.action)).toEqual(['second_factor.reset']);
    await t.app.mail.flush();
    const mails = t.sink
      .mailsTo(COLLEAGUE)
      .filter((m) => m.subject === 'Your second factor was reset');
    expect(mails).toHaveLength(1);
  });

  it('wrong authenticator codes count apart from sign-in codes: the tenth in an hour turns them off, the owner is told, and a colleague’s reset turns them on again', async () => {
    const cookie = await sessionCookieFor(t.app, COLLEAGUE, { firstStepOnly: true });
    const enrol = await post('/api/auth/second-factor/totp', cookie);
    const s = enrol.json<{ secret: string }>().secret;
    const wrong = codeAt(s) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 9; i++) {
      const res = await post('/api/auth/second-factor/totp/confirm', cookie, { code: wrong });
      expect(res.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.wrongCode });
    }
    const tenth = await post('/api/auth/second-factor/totp/confirm', cookie, { code: wrong });
    expect(tenth.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.locked });
    const right = await post('/api/auth/second-factor/totp/confirm', cookie, { code: codeAt(s) });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.locked });
    // A colleague's reset lifts the lock: the locked member enrols again at once.
    const [colleague] = await t.app.db.select().from(users).where(eq(users.email, COLLEAGUE));
    const full = await sessionCookieFor(t.app, DEMO_STAFF_EMAIL);
    const reset = await post(`/api/staff/staff-members/${colleague!.id}/second-factor/reset`, full);
    expect(reset.statusCode).toBe(204);
    const after = await sessionCookieFor(t.app, COLLEAGUE, { firstStepOnly: true });
    const again = (await post('/api/auth/second-factor/totp', after)).json<{ secret: string }>();
    const confirmed = await post('/api/auth/second-factor/totp/confirm', after, {
      code: codeAt(again.secret),
    });
    expect(confirmed.statusCode).toBe(200);
    expect((await staffWork(cookieAfter(t.app, confirmed, after))).statusCode).toBe(200);
    await t.app.mail.flush();
    expect(
      t.sink
        .mailsTo(COLLEAGUE)
        .filter((m) => m.subject === 'Sign-in codes turned off for your account'),
    ).toHaveLength(0);
    const notices = t.sink
      .mailsTo(COLLEAGUE)
      .filter((m) => m.subject === 'Authenticator and recovery codes turned off for your account');
    expect(notices).toHaveLength(1);
    // What still opens the workspace, and that the reset it advises really lifts the lock.
    const text = notices[0]?.text.replace(/\s+/g, ' ') ?? '';
    expect(text).toContain('authenticator codes and recovery codes are turned off for 24 hours');
    expect(text).toContain('Your passkey still confirms it is you');
    expect(text).toContain('reset your second factor');
    expect(text).toContain('the reset turns codes on again');
    expect(text).toContain('someone can open your sign-in e-mails');
  });
});
