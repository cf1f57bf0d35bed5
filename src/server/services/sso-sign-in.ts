// The database side of an SSO sign-in (issue 19, ADR 042): which company owns an address's
// domain, the started sign-ins (single use, 10 minutes) and who the returning person is.
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  companySso,
  companySsoDomains,
  customerUsers,
  customers,
  ssoIdentities,
  ssoLogins,
  users,
} from '../db/schema.ts';
import { recordAudit } from './audit.ts';
import { addMembership, createCustomerAccount } from './memberships.ts';
import { sha256 } from './sessions.ts';

export const SSO_LOGIN_TTL_MS = 10 * 60 * 1000;

export type SsoCompany = {
  customerId: string;
  name: string;
  policy: 'any' | 'passkey' | 'sso';
  issuer: string;
  clientId: string;
  clientSecret: string;
  allowJoin: boolean;
};

const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

const ssoCompanyColumns = {
  customerId: companySso.customerId,
  name: customers.name,
  policy: customers.signInPolicy,
  issuer: companySso.issuer,
  clientId: companySso.clientId,
  clientSecret: companySso.clientSecret,
  allowJoin: companySso.allowJoin,
};

/** The company whose enabled SSO owns the address's domain, or null. */
export async function ssoCompanyForEmail(db: Db | Tx, email: string): Promise<SsoCompany | null> {
  const [row] = await db
    .select(ssoCompanyColumns)
    .from(companySsoDomains)
    .innerJoin(companySso, eq(companySso.customerId, companySsoDomains.customerId))
    .innerJoin(customers, eq(customers.id, companySso.customerId))
    .where(and(eq(companySsoDomains.domain, domainOf(email)), eq(companySso.enabled, true)))
    .limit(1);
  return row ?? null;
}

export async function ssoCompanyById(db: Db | Tx, customerId: string): Promise<SsoCompany | null> {
  const [row] = await db
    .select(ssoCompanyColumns)
    .from(companySso)
    .innerJoin(customers, eq(customers.id, companySso.customerId))
    .where(and(eq(companySso.customerId, customerId), eq(companySso.enabled, true)))
    .limit(1);
  return row ?? null;
}

/** True when the company's SSO speaks for this address. */
export async function ownsDomain(db: Db | Tx, customerId: string, email: string) {
  const [row] = await db
    .select({ domain: companySsoDomains.domain })
    .from(companySsoDomains)
    .where(
      and(
        eq(companySsoDomains.customerId, customerId),
        eq(companySsoDomains.domain, domainOf(email)),
      ),
    )
    .limit(1);
  return !!row;
}

export async function storeSsoLogin(
  tx: Tx,
  login: { state: string; customerId: string; codeVerifier: string; nonce: string },
) {
  await tx.delete(ssoLogins).where(lt(ssoLogins.expiresAt, new Date()));
  await tx.insert(ssoLogins).values({
    stateHash: sha256(login.state),
    customerId: login.customerId,
    codeVerifier: login.codeVerifier,
    nonce: login.nonce,
    expiresAt: new Date(Date.now() + SSO_LOGIN_TTL_MS),
  });
}

/** The started sign-in for this state, deleted as it is read: a second callback finds nothing. */
export async function takeSsoLogin(tx: Tx, state: string) {
  const [row] = await tx
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.stateHash, sha256(state)), gt(ssoLogins.expiresAt, new Date())))
    .returning({
      customerId: ssoLogins.customerId,
      codeVerifier: ssoLogins.codeVerifier,
      nonce: ssoLogins.nonce,
    });
  return row ?? null;
}

export type SsoPerson = { subject: string; email: string; firstName: string; lastName: string };
export type SsoUserResult =
  | { ok: true; userId: string; joined: boolean }
  | { ok: false; reason: 'other-company' | 'join-off' | 'inactive' | 'staff' | 'other-identity' };

/**
 * The member's first sign-in through this company's provider records who they are there;
 * later ones must be the same subject of the same issuer (review N4). False: someone else.
 */
async function boundIdentity(tx: Tx, userId: string, company: SsoCompany, subject: string) {
  const [bound] = await tx
    .insert(ssoIdentities)
    .values({ userId, customerId: company.customerId, issuer: company.issuer, subject })
    .onConflictDoUpdate({
      target: [ssoIdentities.userId, ssoIdentities.customerId],
      // A no-op write, so the row comes back to compare.
      set: { userId: sql`excluded.user_id` },
    })
    .returning({ issuer: ssoIdentities.issuer, subject: ssoIdentities.subject });
  return bound?.issuer === company.issuer && bound.subject === subject;
}

/**
 * Who signs in: an active member of the company; or, when the company allows it, a new
 * address joins as `member` (user and membership in this transaction, audited). An account
 * that exists without an active membership here is refused: joining by SSO never takes over
 * another company's user, a deactivated membership or a staff account.
 */
export async function resolveSsoUser(
  tx: Tx,
  company: SsoCompany,
  person: SsoPerson,
): Promise<SsoUserResult> {
  const [user] = await tx
    .select({ id: users.id, role: users.role, active: users.active })
    .from(users)
    .where(eq(sql`lower(${users.email})`, person.email.toLowerCase()))
    .limit(1);
  if (user) {
    if (user.role === 'staff') return { ok: false, reason: 'staff' };
    if (!user.active) return { ok: false, reason: 'inactive' };
    const [membership] = await tx
      .select({ active: customerUsers.active })
      .from(customerUsers)
      .where(
        and(eq(customerUsers.userId, user.id), eq(customerUsers.customerId, company.customerId)),
      )
      .limit(1);
    if (!membership) return { ok: false, reason: 'other-company' };
    if (!membership.active) return { ok: false, reason: 'inactive' };
    if (!(await boundIdentity(tx, user.id, company, person.subject))) {
      return { ok: false, reason: 'other-identity' };
    }
    return { ok: true, userId: user.id, joined: false };
  }
  if (!company.allowJoin) return { ok: false, reason: 'join-off' };
  const created = await createCustomerAccount(tx, {
    email: person.email,
    firstName: person.firstName,
    lastName: person.lastName,
  });
  await addMembership(tx, {
    userId: created.id,
    customerId: company.customerId,
    role: 'member',
    invitedByUserId: null,
  });
  await boundIdentity(tx, created.id, company, person.subject);
  await recordAudit(
    tx,
    {
      id: created.id,
      name: `${person.firstName} ${person.lastName}`.trim() || person.email,
      email: person.email,
    },
    {
      action: 'member.join',
      entityType: 'user',
      entityId: created.id,
      customerId: company.customerId,
      details: { email: person.email, role: 'member', via: 'sso', issuer: company.issuer },
    },
  );
  return { ok: true, userId: created.id, joined: true };
}
