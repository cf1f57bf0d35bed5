import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  companySso,
  customerUsers,
  mailOutbox,
  passkeys,
  signInTokens,
  users,
} from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { companyIdOf } from '../../test/companies.ts';
import {
  cookieHeader,
  cookiesOf,
  openForm,
  postForm,
  requestLink,
} from '../../test/login-links.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { SoftAuthenticator } from '../../test/soft-authenticator.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { SSO_MESSAGES } from '../../../shared/schemas/sso.ts';

const APP_URL = 'http://localhost:3000';
const STAFF = 'support@example.com';
const SECRET = 'a-client-secret-nobody-may-read-back-7f3a';

describe('company sign-in policy and SSO settings (issue 19)', () => {
  let t: TestApp;
  let acme: string;
  let globex: string;
  let jordanId: string;
  let staff: string;
  let admin: string;

  const policyUrl = (id: string) => `/api/customers/${id}/team/sign-in-policy`;
  const send = (method: 'GET' | 'PUT', url: string, cookie: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { cookie, origin: APP_URL },
      ...(payload ? { payload } : {}),
    });
  const setPolicy = (policy: string, cookie = admin, id = acme) =>
    send('PUT', policyUrl(id), cookie, { policy });
  const tokensOf = async (userId: string) =>
    (await t.app.db.select().from(signInTokens).where(eq(signInTokens.userId, userId))).length;
  const lastMailTo = async (to: string) =>
    (
      await t.app.db
        .select({ subject: mailOutbox.subject, text: mailOutbox.text })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, to))
        .orderBy(desc(mailOutbox.createdAt))
        .limit(1)
    )[0];

  beforeAll(async () => {
    // Saves a loopback issuer: the private-network switch on, as webhook tests do (review N10).
    t = await createTestApp({ rateLimitScale: 1000, webhooksAllowPrivate: true });
    acme = await companyIdOf(t.app, 'Acme Logistics');
    globex = await companyIdOf(t.app, 'Globex Retail');
    staff = await sessionCookieFor(t.app, STAFF);
    admin = await sessionCookieFor(t.app, DEMO_USERS.acme);
    const [jordan] = await t.app.db.select().from(users).where(eq(users.email, DEMO_USERS.acme));
    jordanId = jordan!.id;
  });
  afterAll(() => t.close());

  it('lets the company admin require passkeys, audited', async () => {
    const res = await setPolicy('passkey');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ policy: 'passkey', ssoAvailable: false });
    const [row] = await t.app.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign_in_policy.update'), eq(auditLog.customerId, acme)));
    expect(row?.details).toEqual({ from: 'any', to: 'passkey' });
    expect((await send('GET', policyUrl(acme), admin)).json()).toMatchObject({
      policy: 'passkey',
    });
  });

  it('refuses the admin of another company and a member who is not admin', async () => {
    const globexAdmin = await sessionCookieFor(t.app, DEMO_USERS.globex);
    expect((await setPolicy('any', globexAdmin)).statusCode).toBe(403);
    const [member] = await t.app.db
      .insert(users)
      .values({ email: 'plain.member@acme-logistics.example', firstName: 'Plain', lastName: 'M' })
      .returning({ id: users.id });
    await t.app.db
      .insert(customerUsers)
      .values({ userId: member!.id, customerId: acme, role: 'member' });
    const memberCookie = await sessionCookieFor(t.app, 'plain.member@acme-logistics.example');
    expect((await setPolicy('any', memberCookie)).statusCode).toBe(403);
    expect((await send('GET', policyUrl(acme), admin)).json()).toMatchObject({
      policy: 'passkey',
    });
  });

  it('still mails a link to a passkey-policy user with no passkey yet (to enrol one)', async () => {
    const before = await tokensOf(jordanId);
    const res = await requestLink(t.app, DEMO_USERS.acme);
    expect(res.body).toContain('Check your inbox');
    expect(await tokensOf(jordanId)).toBe(before + 1);
  });

  it('refuses links once the user has a passkey; the page is the same, the mail says how', async () => {
    await t.app.db.insert(passkeys).values({
      userId: jordanId,
      credentialId: 'test-credential',
      publicKey: 'test-key',
      name: 'Laptop',
    });
    const before = await tokensOf(jordanId);
    const res = await requestLink(t.app, DEMO_USERS.acme);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Check your inbox');
    expect(await tokensOf(jordanId)).toBe(before);
    const mail = await lastMailTo(DEMO_USERS.acme);
    expect(mail?.text).toContain('Your company signs in with a passkey');
    expect(mail?.text).not.toMatch(/verify\?token=/);
  });

  it('refuses a code issued before the policy, with the message', async () => {
    await setPolicy('any');
    await requestLink(t.app, DEMO_USERS.acme);
    const code = /code[^:]*: (\d{6})/.exec((await lastMailTo(DEMO_USERS.acme))?.text ?? '')?.[1];
    await setPolicy('passkey');
    const form = await openForm(t.app, '/api/login');
    const res = await postForm(t.app, '/api/login/code', form, {
      email: DEMO_USERS.acme,
      code: code ?? '',
    });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('Your company signs in with a passkey.');
  });

  it('keeps links for a company with policy any', async () => {
    const res = await requestLink(t.app, DEMO_USERS.globex);
    expect(res.body).toContain('Check your inbox');
    expect((await lastMailTo(DEMO_USERS.globex))?.subject).toMatch(/sign-in link/);
  });

  it('allows the sso policy only once SSO is configured and enabled', async () => {
    const res = await setPolicy('sso');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: SSO_MESSAGES.policyNeedsSso });
  });

  it('saves SSO settings for staff and never answers the client secret', async () => {
    const res = await send('PUT', `/api/staff/customers/${acme}/sso`, staff, {
      issuer: 'http://127.0.0.1:9/',
      clientId: 'portal',
      clientSecret: SECRET,
      domains: ['Acme-Logistics.example'],
      allowJoin: false,
      enabled: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(SECRET);
    expect(res.json()).toMatchObject({
      hasClientSecret: true,
      domains: ['acme-logistics.example'],
    });
    const get = await send('GET', `/api/staff/customers/${acme}/sso`, staff);
    expect(get.body).not.toContain(SECRET);
    const audit = await send('GET', '/api/staff/audit', staff);
    expect(audit.body).not.toContain(SECRET);
    const [stored] = await t.app.db
      .select()
      .from(companySso)
      .where(eq(companySso.customerId, acme));
    expect(stored?.clientSecret).toMatch(/^v1\./);
    expect(stored?.clientSecret).not.toContain(SECRET);
  });

  it('refuses a plain-http issuer off loopback, and a domain another company owns', async () => {
    const body = {
      issuer: 'http://idp.example.com',
      clientId: 'portal',
      clientSecret: SECRET,
      domains: ['globex-retail.example'],
      allowJoin: false,
      enabled: true,
    };
    const http = await send('PUT', `/api/staff/customers/${globex}/sso`, staff, body);
    expect(http.statusCode).toBe(400);
    expect(http.json()).toEqual({ message: SSO_MESSAGES.issuerScheme });
    const taken = await send('PUT', `/api/staff/customers/${globex}/sso`, staff, {
      ...body,
      issuer: 'https://idp.example.com',
      domains: ['acme-logistics.example'],
    });
    expect(taken.statusCode).toBe(409);
  });

  it('answers every address of an sso-policy domain alike, known or not, without a link', async () => {
    const set = await setPolicy('sso');
    expect(set.statusCode, set.body).toBe(200);
    const before = await tokensOf(jordanId);
    for (const email of [DEMO_USERS.acme, 'nobody.here@acme-logistics.example']) {
      const res = await requestLink(t.app, email);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Your company signs in with Acme Logistics’s single sign-on.');
      expect(res.body).toContain('Continue with Acme Logistics');
    }
    expect(await tokensOf(jordanId)).toBe(before);
    // Staff may set it too, and disabling SSO under the sso policy is refused.
    expect((await setPolicy('any', staff)).statusCode).toBe(403);
    const staffSet = await send('PUT', `/api/staff/customers/${acme}/sign-in-policy`, staff, {
      policy: 'any',
    });
    expect(staffSet.statusCode).toBe(200);
  });

  // Review N5: a passkey outlives every session, so its owner hears of each one added.
  const key = new SoftAuthenticator();
  const post = (url: string, cookie: string, payload?: object) =>
    t.app.inject({ method: 'POST', url, headers: { cookie, origin: APP_URL }, payload });

  it('mails the owner each passkey added, with where to remove it', async () => {
    const session = await sessionCookieFor(t.app, DEMO_USERS.acme);
    const options = await post('/api/auth/passkeys/registration-options', session);
    const added = await post(
      '/api/auth/passkeys',
      `${session}; ${cookieHeader(cookiesOf(options))}`,
      { name: 'Spare key', response: key.register(options.json()) },
    );
    expect(added.statusCode, added.body).toBe(201);
    const mail = await lastMailTo(DEMO_USERS.acme);
    expect(mail?.subject).toBe('A passkey was added to your account');
    expect(mail?.text).toContain('“Spare key”');
    expect(mail?.text).toContain(`${APP_URL}/portal/profile`);
  });

  // Review N5: the policy holds on every door, not only on links and codes.
  it('refuses a passkey sign-in under the sso policy and allows it under passkey', async () => {
    const signIn = async () => {
      const started = await post('/api/auth/passkey-sign-in/options', '');
      return post('/api/auth/passkey-sign-in', cookieHeader(cookiesOf(started)), {
        response: key.authenticate(started.json()),
      });
    };
    const staffPolicy = (policy: string) =>
      send('PUT', `/api/staff/customers/${acme}/sign-in-policy`, staff, { policy });
    expect((await staffPolicy('sso')).statusCode).toBe(200);
    const refused = await signIn();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      message: "Your company signs in with Acme Logistics's single sign-on.",
    });
    expect(cookiesOf(refused)[t.app.sessionCookieName]).toBeFalsy();

    expect((await staffPolicy('passkey')).statusCode).toBe(200);
    const allowed = await signIn();
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(cookiesOf(allowed)[t.app.sessionCookieName]).toBeTruthy();
    expect((await staffPolicy('any')).statusCode).toBe(200);
  });
});
