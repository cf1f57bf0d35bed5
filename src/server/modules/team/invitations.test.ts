import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customerInvitations, customerUsers, mailOutbox, signIns, users } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { recordSignInEvent } from '../../services/sign-in-log.ts';
import { companyIdOf } from '../../test/companies.ts';
import { cookieHeader, cookiesOf, hiddenField } from '../../test/login-links.ts';
import { sessionCookieFor } from '../../test/sign-in.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import type { Invitation, TeamMember } from '../../../shared/schemas/team.ts';
import type { SignInLogEntry } from '../../../shared/schemas/auth.ts';

const JORDAN = DEMO_USERS.acme;
const STAFF = 'support@example.com';
const ACME_IDP = 'https://idp.acme-logistics.example';

// Review N3 and N9: a company admin's invite links nothing and tells nothing of the address.
describe('colleague invitations need the invitee to accept (review N3, N9)', () => {
  let t: TestApp;
  let acmeId: string;
  let globexId: string;
  let initechId: string;
  let sam: string;
  let jordanId: string;

  beforeAll(async () => {
    t = await createTestApp({ rateLimitScale: 1000 });
    acmeId = await companyIdOf(t.app, 'Acme Logistics');
    globexId = await companyIdOf(t.app, 'Globex Retail');
    initechId = await companyIdOf(t.app, 'Initech');
    sam = await sessionCookieFor(t.app, DEMO_USERS.globex);
    jordanId = (await t.app.db.select().from(users).where(eq(users.email, JORDAN)))[0]!.id;
    await t.app.db.insert(users).values({
      email: 'gone.user@acme-logistics.example',
      firstName: 'Gone',
      lastName: 'User',
      active: false,
    });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const invite = (email: string, cookie = sam, companyId = globexId) =>
    call('POST', `/api/customers/${companyId}/team`, cookie, { email, role: 'member' });
  const mailsTo = (to: string) =>
    t.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, to))
      .orderBy(desc(mailOutbox.createdAt));
  const membershipsOf = (userId: string) =>
    t.app.db.select().from(customerUsers).where(eq(customerUsers.userId, userId));
  const tokenIn = (text: string) => /\/api\/auth\/invitation\?token=([\w-]+)/.exec(text)?.[1];

  /** Opens the mailed link, then presses its button (with names for a new address). */
  async function accept(token: string, names: Record<string, string> = {}) {
    const page = await t.app.inject({ method: 'GET', url: `/api/auth/invitation?token=${token}` });
    if (page.statusCode !== 200) return page;
    return t.app.inject({
      method: 'POST',
      url: '/api/auth/invitation',
      headers: {
        cookie: cookieHeader(cookiesOf(page)),
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: new URLSearchParams({
        _csrf: hiddenField(page.body, '_csrf'),
        token: hiddenField(page.body, 'token'),
        ...names,
      }).toString(),
    });
  }

  it("Sam's invite of Jordan links nothing and answers like an unknown, staff or deactivated address", async () => {
    const answers = [];
    for (const email of [
      JORDAN,
      'nobody.here@acme-logistics.example',
      STAFF,
      'gone.user@acme-logistics.example',
    ]) {
      const res = await invite(email);
      answers.push({ status: res.statusCode, keys: Object.keys(res.json<object>()).sort() });
      expect(res.json<Invitation>()).toMatchObject({
        email,
        role: 'member',
        invitedBy: 'Sam Rivera',
      });
      expect(res.body).not.toMatch(/Jordan|Lee|Gone|lastSignInAt|userId/);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]?.status).toBe(202);
    // Jordan is still in Acme alone, and Globex's colleagues list does not show him.
    expect((await membershipsOf(jordanId)).map((m) => m.customerId)).toEqual([acmeId]);
    const team = await call('GET', `/api/customers/${globexId}/team`, sam);
    expect(team.body).not.toContain(JORDAN);
    // Globex sees the four as invitations: address, role, who, when.
    const pending = await call('GET', `/api/customers/${globexId}/team/invitations`, sam);
    expect(pending.json<Invitation[]>().map((i) => i.email)).toEqual(
      expect.arrayContaining([JORDAN, STAFF, 'gone.user@acme-logistics.example']),
    );
    // No account was made for the new address; staff and deactivated addresses got no mail.
    const nobody = await t.app.db
      .select()
      .from(users)
      .where(eq(users.email, 'nobody.here@acme-logistics.example'));
    expect(nobody).toEqual([]);
    expect(await mailsTo(STAFF)).toEqual([]);
    expect(await mailsTo('gone.user@acme-logistics.example')).toEqual([]);
  });

  it('the mail names only the company and the portal, never text the inviter typed (N9)', async () => {
    const [samRow] = await t.app.db
      .update(users)
      .set({ firstName: 'Billing: your card was declined, see https://pay.example', lastName: '-' })
      .where(eq(users.email, DEMO_USERS.globex))
      .returning();
    const res = await call('POST', `/api/customers/${globexId}/team`, sam, {
      email: 'victim.outsider@example.org',
      firstName: 'Customer',
      lastName: '(action required within 24h)',
      role: 'member',
    });
    expect(res.statusCode, res.body).toBe(202);
    await t.app.db
      .update(users)
      .set({ firstName: 'Sam', lastName: 'Rivera' })
      .where(eq(users.id, samRow!.id));
    const [mail] = await mailsTo('victim.outsider@example.org');
    expect(mail?.subject).toBe("You're invited to the Meridian IT Services customer portal");
    expect(mail?.text).toContain(
      'Globex Retail invites you to its customer portal at Meridian IT Services',
    );
    expect(mail?.text).toMatch(/\/api\/auth\/invitation\?token=[\w-]{43}/);
    for (const typed of ['declined', 'pay.example', 'Customer', 'action required'])
      expect(`${mail?.subject} ${mail?.html} ${mail?.text}`).not.toContain(typed);
  });

  it('accepting through the link makes Jordan a member; the link works once', async () => {
    const [mail] = await mailsTo(JORDAN);
    const token = tokenIn(mail!.text)!;
    const page = await t.app.inject({ method: 'GET', url: `/api/auth/invitation?token=${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Join Globex Retail?');
    // Opening the link (a mail scanner does) links nothing.
    expect((await membershipsOf(jordanId)).map((m) => m.customerId)).toEqual([acmeId]);
    const done = await accept(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.body).toContain('Welcome to Globex Retail');
    expect(await membershipsOf(jordanId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ customerId: globexId, role: 'member' })]),
    );
    expect((await accept(token)).statusCode).toBe(400);
    const pending = await call('GET', `/api/customers/${globexId}/team/invitations`, sam);
    expect(pending.body).not.toContain(JORDAN);
  });

  it('a new address gives its own names on acceptance, and only then has an account', async () => {
    const email = 'nobody.here@acme-logistics.example';
    const token = tokenIn((await mailsTo(email))[0]!.text)!;
    const unnamed = await accept(token);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.body).toContain('Enter your first and last name.');
    expect(await t.app.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect((await accept(token, { firstName: 'Noa', lastName: 'Here' })).statusCode).toBe(200);
    const [user] = await t.app.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ firstName: 'Noa', lastName: 'Here', role: 'customer' });
    expect((await membershipsOf(user!.id)).map((m) => m.customerId)).toEqual([globexId]);
  });

  it('an expired or revoked invitation cannot be accepted', async () => {
    const res = await invite('revoked.one@example.org');
    const id = res.json<Invitation>().id;
    const token = tokenIn((await mailsTo('revoked.one@example.org'))[0]!.text)!;
    const revoked = await call('DELETE', `/api/customers/${globexId}/team/invitations/${id}`, sam);
    expect(revoked.statusCode).toBe(204);
    expect((await accept(token)).statusCode).toBe(400);
    // Another company's admin cannot revoke Globex's invitations.
    const again = (await invite('revoked.one@example.org')).json<Invitation>().id;
    const jordan = await sessionCookieFor(t.app, JORDAN);
    const foreign = await call(
      'DELETE',
      `/api/customers/${acmeId}/team/invitations/${again}`,
      jordan,
    );
    expect(foreign.statusCode).toBe(404);
    // Seven days later the renewed link has expired.
    await t.app.db
      .update(customerInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(customerInvitations.id, again));
    const expiredToken = tokenIn((await mailsTo('revoked.one@example.org'))[0]!.text)!;
    expect(expiredToken).not.toBe(token);
    expect((await accept(expiredToken)).statusCode).toBe(400);
  });

  // Third outside attack (issue 35): a deactivated thief's pending invitation still made its
  // holder an admin.
  it('an invitation is void once its sender is no active admin of the company', async () => {
    const [sender] = await t.app.db
      .insert(users)
      .values({ email: 'short.lived@globex-retail.example', firstName: 'Short', lastName: 'Lived' })
      .returning();
    await t.app.db
      .insert(customerUsers)
      .values({ userId: sender!.id, customerId: globexId, role: 'admin' });
    const cookie = await sessionCookieFor(t.app, sender!.email);
    expect((await invite('via.short@example.org', cookie)).statusCode).toBe(202);
    const token = tokenIn((await mailsTo('via.short@example.org'))[0]!.text)!;
    const membership = and(
      eq(customerUsers.userId, sender!.id),
      eq(customerUsers.customerId, globexId),
    );
    for (const change of [{ active: false }, { role: 'member' as const }]) {
      await t.app.db.update(customerUsers).set(change).where(membership);
      const page = await t.app.inject({
        method: 'GET',
        url: `/api/auth/invitation?token=${token}`,
      });
      expect(page.statusCode, JSON.stringify(change)).toBe(400);
      expect((await accept(token)).statusCode).toBe(400);
      await t.app.db.update(customerUsers).set({ active: true, role: 'admin' }).where(membership);
    }
    await t.app.db.update(users).set({ active: false }).where(eq(users.id, sender!.id));
    expect((await accept(token)).statusCode).toBe(400);
    await t.app.db.update(users).set({ active: true }).where(eq(users.id, sender!.id));
    expect((await accept(token, { firstName: 'Via', lastName: 'Short' })).statusCode).toBe(200);
    // Globex keeps one admin for the tests below.
    await t.app.db.delete(customerUsers).where(membership);
  });

  it("the colleagues list and the company's log count only sign-ins since acceptance, without other companies' issuer", async () => {
    const email = 'pat.twocompanies@acme-logistics.example';
    const [pat] = await t.app.db
      .insert(users)
      .values({ email, firstName: 'Pat', lastName: 'Two' })
      .returning();
    await t.app.db.insert(customerUsers).values({ userId: pat!.id, customerId: acmeId });
    /** Pat signs in through Acme's provider from this address. */
    const throughAcme = (ip: string) =>
      recordSignInEvent(t.app.db, {
        userId: pat!.id,
        event: 'sign-in',
        method: 'sso',
        issuer: ACME_IDP,
        userAgent: null,
        ip,
      });
    await throughAcme('203.0.113.10');
    await t.app.db
      .update(signIns)
      .set({ at: new Date(Date.now() - 60_000) })
      .where(eq(signIns.userId, pat!.id));
    await invite(email);
    expect((await accept(tokenIn((await mailsTo(email))[0]!.text)!)).statusCode).toBe(200);

    const member = async () =>
      (await call('GET', `/api/customers/${globexId}/team`, sam))
        .json<TeamMember[]>()
        .find((m) => m.email === email);
    expect((await member())?.lastSignInAt).toBeNull();
    const log = await call('GET', `/api/customers/${globexId}/sign-ins`, sam);
    expect(log.body).not.toContain('203.0.113.10');

    // A later sign-in through Acme's provider: Globex sees that Pat signed in, not where Acme signs in.
    await throughAcme('198.51.100.20');
    expect((await member())?.lastSignInAt).not.toBeNull();
    const after = (await call('GET', `/api/customers/${globexId}/sign-ins`, sam)).json<
      SignInLogEntry[]
    >();
    const entry = after.find((e) => e.ip === '198.51.100.20');
    expect(entry).toMatchObject({ userEmail: email, method: 'sso', issuer: null });
    expect(JSON.stringify(after)).not.toContain(ACME_IDP);
  });

  it('a member leaves a company; the last active admin cannot', async () => {
    const jordan = await sessionCookieFor(t.app, JORDAN);
    const left = await call('DELETE', `/api/customers/${globexId}/membership`, jordan);
    expect(left.statusCode, left.body).toBe(204);
    expect((await membershipsOf(jordanId)).map((m) => m.customerId)).toEqual([acmeId]);
    const last = await call('DELETE', `/api/customers/${globexId}/membership`, sam);
    expect(last.statusCode).toBe(409);
    expect(last.json()).toEqual({ message: 'A company needs at least one active admin' });
    const still = await t.app.db
      .select()
      .from(customerUsers)
      .where(and(eq(customerUsers.customerId, globexId), eq(customerUsers.role, 'admin')));
    expect(still).toHaveLength(1);
  });

  it('a company sends at most 50 invitations a day (N9)', async () => {
    const alex = await sessionCookieFor(t.app, DEMO_USERS.initech);
    for (let i = 0; i < 50; i++) {
      const res = await invite(`guest${i}@example.org`, alex, initechId);
      expect(res.statusCode, res.body).toBe(202);
    }
    const over = await invite('one.more@example.org', alex, initechId);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({
      message: 'A company can send 50 invitations a day. Please try again tomorrow.',
    });
    expect(await mailsTo('one.more@example.org')).toEqual([]);
  });
});
