import { and, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passkeys, signIns, totpCredentials, users, webauthnChallenges } from '../../db/schema.ts';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/second-factor.ts';
import { PASSKEY_MESSAGES } from '../../../shared/schemas/passkeys.ts';
import { cookieAfter, sessionCookieFor } from '../../test/sign-in.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const JORDAN = 'jordan.lee@acme-logistics.example';
const SAM = 'sam.rivera@globex-retail.example';
const STAFF = 'support@example.com';

/** The cookies a response set, as a request's `cookie` header (cleared ones left out). */
function cookiesOf(res: LightMyRequestResponse): string {
  return res.cookies
    .filter((c) => c.value !== '')
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
}
const join = (...cookies: (string | undefined)[]) => cookies.filter(Boolean).join('; ');

describe('passkeys', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: cookie ? { cookie } : {}, payload });

  /** Registration options, then the authenticator's answer under `name`. */
  async function register(session: string, key: SoftAuthenticator, name = 'Laptop') {
    const options = await post('/api/auth/passkeys/registration-options', session);
    expect(options.statusCode).toBe(200);
    return post('/api/auth/passkeys', join(session, cookiesOf(options)), {
      name,
      response: key.register(options.json()),
    });
  }

  /** Sign-in options for this browser (signed in or not); the challenge cookie and options. */
  async function signInOptions(session = '') {
    const res = await post('/api/auth/passkey-sign-in/options', session);
    expect(res.statusCode).toBe(200);
    return { cookie: join(session, cookiesOf(res)), options: res.json<{ challenge: string }>() };
  }

  const userId = async (email: string) =>
    (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

  it('answers 401 to a signed-out visitor on the own-passkey routes', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/passkeys'],
      ['POST', '/api/auth/passkeys/registration-options'],
      ['POST', '/api/auth/passkeys'],
      ['DELETE', '/api/auth/passkeys/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('registers a named passkey, lists it, and signs in with it (UV required, rp from APP_URL)', async () => {
    const session = await sessionCookieFor(t.app, JORDAN);
    const options = await post('/api/auth/passkeys/registration-options', session);
    expect(options.json()).toMatchObject({
      rp: { id: 'localhost' },
      authenticatorSelection: { userVerification: 'required', residentKey: 'required' },
    });
    const key = new SoftAuthenticator();
    const res = await register(session, key, '  Work laptop  ');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Work laptop', lastUsedAt: null });

    const list = await t.app.inject({ url: '/api/auth/passkeys', headers: { cookie: session } });
    expect(list.json()).toEqual([expect.objectContaining({ name: 'Work laptop' })]);

    const { cookie, options: signIn } = await signInOptions();
    expect(signIn).toMatchObject({ rpId: 'localhost', userVerification: 'required' });
    const done = await post('/api/auth/passkey-sign-in', cookie, {
      response: key.authenticate(signIn),
    });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ landing: '/portal/dashboard' });
    expect(done.cookies.find((c) => c.name === t.app.sessionCookieName)?.value).toBeTruthy();
    const [stored] = await t.app.db
      .select()
      .from(passkeys)
      .where(eq(passkeys.credentialId, key.id));
    expect(stored).toMatchObject({ counter: 1 });
    expect(stored!.lastUsedAt).toBeInstanceOf(Date);
    const log = await t.app.db
      .select()
      .from(signIns)
      .where(and(eq(signIns.userId, await userId(JORDAN)), eq(signIns.method, 'passkey')));
    expect(log).toHaveLength(1);
  });

  it('refuses bad names, malformed answers, another origin and no user verification with a 400', async () => {
    const session = await sessionCookieFor(t.app, JORDAN);
    for (const name of ['', '   ', 'x'.repeat(61)]) {
      const res = await register(session, new SoftAuthenticator(), name);
      expect(res.statusCode, name).toBe(400);
    }
    const key = new SoftAuthenticator();
    const cases = [
      (o: { challenge: string }) => ({
        ...key.register(o),
        response: { clientDataJSON: 'AAAA', attestationObject: 'AAAA' },
      }),
      (o: { challenge: string }) => key.register(o, { origin: 'https://evil.example' }),
      (o: { challenge: string }) => key.register(o, { uv: false }),
      () => ({ id: 'not base64url!', rawId: 'x', type: 'public-key', response: {} }),
    ];
    for (const answer of cases) {
      const options = await post('/api/auth/passkeys/registration-options', session);
      const res = await post('/api/auth/passkeys', join(session, cookiesOf(options)), {
        name: 'Phone',
        response: answer(options.json()),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toHaveProperty('message');
    }
  });

  it('refuses a replayed answer, an expired challenge, a challenge of another browser and an unknown passkey', async () => {
    const session = await sessionCookieFor(t.app, SAM);
    const key = new SoftAuthenticator();
    expect((await register(session, key)).statusCode).toBe(201);

    const first = await signInOptions();
    const answer = key.authenticate(first.options);
    expect(
      (await post('/api/auth/passkey-sign-in', first.cookie, { response: answer })).statusCode,
    ).toBe(200);
    const replay = await post('/api/auth/passkey-sign-in', first.cookie, { response: answer });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ message: PASSKEY_MESSAGES.challengeGone });

    const late = await signInOptions();
    await t.app.db.update(webauthnChallenges).set({ expiresAt: new Date(Date.now() - 1000) });
    const expired = await post('/api/auth/passkey-sign-in', late.cookie, {
      response: key.authenticate(late.options),
    });
    expect(expired.json()).toEqual({ message: PASSKEY_MESSAGES.challengeGone });

    // Another browser's challenge: the right answer, without the cookie that names it.
    const elsewhere = await signInOptions();
    const noCookie = await post('/api/auth/passkey-sign-in', '', {
      response: key.authenticate(elsewhere.options),
    });
    expect(noCookie.json()).toEqual({ message: PASSKEY_MESSAGES.challengeGone });

    const stranger = await signInOptions();
    const unknown = await post('/api/auth/passkey-sign-in', stranger.cookie, {
      response: new SoftAuthenticator().authenticate(stranger.options),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ message: PASSKEY_MESSAGES.unknown });
  });

  it('refuses a passkey of another account than the signed-in one', async () => {
    const jordanKey = new SoftAuthenticator();
    expect((await register(await sessionCookieFor(t.app, JORDAN), jordanKey)).statusCode).toBe(201);
    const sam = await sessionCookieFor(t.app, SAM);
    const { cookie, options } = await signInOptions(sam);
    const res = await post('/api/auth/passkey-sign-in', cookie, {
      response: jordanKey.authenticate(options),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: PASSKEY_MESSAGES.otherAccount });
  });

  it("renames and deletes only the user's own passkeys (another's id is 404)", async () => {
    const jordan = await sessionCookieFor(t.app, JORDAN);
    const created = (await register(jordan, new SoftAuthenticator(), 'Old name')).json<{
      id: string;
    }>();
    const sam = await sessionCookieFor(t.app, SAM);
    const url = `/api/auth/passkeys/${created.id}`;
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: { cookie: sam } })).statusCode,
    ).toBe(404);
    const rename = (cookie: string) =>
      t.app.inject({ method: 'PATCH', url, headers: { cookie }, payload: { name: 'New name' } });
    expect((await rename(sam)).statusCode).toBe(404);
    expect((await rename(jordan)).statusCode).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: { cookie: jordan } })).statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'DELETE', url, headers: { cookie: jordan } })).statusCode,
    ).toBe(404);
  });

  describe("staff's second factor", () => {
    const staffRead = (cookie: string) =>
      t.app.inject({ url: '/api/staff/customers', headers: { cookie } });
    let staffKey: SoftAuthenticator;

    it('enrols a first passkey after the magic link alone, which passes the second factor', async () => {
      const pending = await sessionCookieFor(t.app, STAFF, { firstStepOnly: true });
      expect((await staffRead(pending)).statusCode).toBe(401);
      staffKey = new SoftAuthenticator();
      const registered = await register(pending, staffKey);
      expect(registered.statusCode).toBe(201);
      // The session continues under a new id (fixation, issue 35).
      expect((await staffRead(pending)).statusCode).toBe(401);
      expect((await staffRead(cookieAfter(t.app, registered, pending))).statusCode).toBe(200);
    });

    it('refuses adding or removing passkeys after the magic link alone once one exists', async () => {
      const pending = await sessionCookieFor(t.app, STAFF, { firstStepOnly: true });
      const options = await post('/api/auth/passkeys/registration-options', pending);
      expect(options.statusCode).toBe(403);
      expect(options.json()).toEqual({ message: PASSKEY_MESSAGES.enrolOnly });
      const [own] = await t.app.db
        .select({ id: passkeys.id })
        .from(passkeys)
        .where(eq(passkeys.credentialId, staffKey.id));
      const del = await t.app.inject({
        method: 'DELETE',
        url: `/api/auth/passkeys/${own!.id}`,
        headers: { cookie: pending },
      });
      // The route's assurance (signed-in) refuses a session whose second factor is pending.
      expect(del.statusCode).toBe(401);
      expect(del.json()).toEqual({ message: SECOND_FACTOR_MESSAGES.required });
    });

    it('refuses a passkey after the magic link alone when the account has an authenticator app', async () => {
      await t.app.db.insert(users).values({
        email: 'totp.only@example.com',
        firstName: 'Totp',
        lastName: 'Only',
        role: 'staff',
        staffRole: 'admin',
      });
      await t.app.db.insert(totpCredentials).values({
        userId: await userId('totp.only@example.com'),
        secretEncrypted: 'v1.unused.by.this-test',
        confirmedAt: new Date(),
      });
      const pending = await sessionCookieFor(t.app, 'totp.only@example.com', {
        firstStepOnly: true,
      });
      const options = await post('/api/auth/passkeys/registration-options', pending);
      expect(options.statusCode).toBe(403);
      expect(options.json()).toEqual({ message: PASSKEY_MESSAGES.enrolOnly });
    });

    it("passes the pending session's second factor with the user's passkey, the same session under a new id", async () => {
      const pending = await sessionCookieFor(t.app, STAFF, { firstStepOnly: true });
      const { cookie, options } = await signInOptions(pending);
      const res = await post('/api/auth/passkey-sign-in', cookie, {
        response: staffKey.authenticate(options),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ landing: '/staff' });
      expect((await staffRead(pending)).statusCode).toBe(401);
      expect((await staffRead(cookieAfter(t.app, res, pending))).statusCode).toBe(200);
    });

    it("a signed-out staff member's passkey sign-in passes both factors", async () => {
      const { cookie, options } = await signInOptions();
      const res = await post('/api/auth/passkey-sign-in', cookie, {
        response: staffKey.authenticate(options),
      });
      const session = res.cookies.find((c) => c.name === t.app.sessionCookieName)!;
      expect((await staffRead(`${session.name}=${session.value}`)).statusCode).toBe(200);
    });
  });
});
