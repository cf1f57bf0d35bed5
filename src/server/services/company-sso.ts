// A company's single sign-on settings and its sign-in policy (issue 19, ADR 042): the rules
// once, whichever door (staff's company page, the company admin's settings) calls them.
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  companySso,
  companySsoDomains,
  customerUsers,
  customers,
  passkeys,
  ssoIdentities,
  users,
} from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { enqueueMail } from './mail-outbox.ts';
import { activeAdminsOf } from './memberships.ts';
import { encryptSecret } from './secret-box.ts';
import { ssoIssuerChangedMail } from './sso-change-mail.tsx';
import { hostIsPublic } from './webhook-address.ts';
import { ssoCompanyForEmail } from './sso-sign-in.ts';
import type { ssoSettingsInputSchema } from '../../shared/schemas/sso.ts';
import {
  SSO_MESSAGES,
  type SignInPolicy,
  type SignInPolicyView,
  type SsoSettings,
} from '../../shared/schemas/sso.ts';
import type { z } from 'zod';

type SsoInput = z.output<typeof ssoSettingsInputSchema>;

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The issuer URL staff may save: https, or http on a loopback host where the operator allows
 * it (dev and tests; never in production, where a token would cross the network in clear).
 */
export function checkIssuerUrl(raw: string, allowLoopbackHttp: boolean): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw badRequest(SSO_MESSAGES.issuerScheme);
  }
  const loopbackHttp =
    url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK_HOSTS.has(url.hostname);
  if ((url.protocol !== 'https:' && !loopbackHttp) || url.username || url.password) {
    throw badRequest(SSO_MESSAGES.issuerScheme);
  }
  if (url.search || url.hash) throw badRequest('Issuer URL must not have a query or fragment');
  // Kept as typed: the provider's metadata must name exactly this issuer.
  return raw;
}

/**
 * The issuer's host must be public, by the webhook guard's rule and switch (review N10): its
 * discovery document is fetched on anonymous requests. A name that does not resolve yet is
 * saved; the guarded fetch refuses it at connect time if it ever resolves privately.
 */
export async function checkIssuerAddress(raw: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate || !URL.canParse(raw)) return;
  if ((await hostIsPublic(new URL(raw).hostname)) === false) {
    throw badRequest(SSO_MESSAGES.issuerPrivate);
  }
}

async function requireCompanyRow(db: Db | Tx, customerId: string) {
  const [row] = await db
    .select({ name: customers.name, policy: customers.signInPolicy })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw notFound('Company not found');
  return row;
}

/** Staff's view: everything but the secret, which is never read back out. */
export async function getSsoSettings(
  db: Db | Tx,
  customerId: string,
  redirectUri: string,
): Promise<SsoSettings> {
  const company = await requireCompanyRow(db, customerId);
  const [row] = await db
    .select()
    .from(companySso)
    .where(eq(companySso.customerId, customerId))
    .limit(1);
  const domains = await db
    .select({ domain: companySsoDomains.domain })
    .from(companySsoDomains)
    .where(eq(companySsoDomains.customerId, customerId))
    .orderBy(companySsoDomains.domain);
  return {
    configured: !!row,
    issuer: row?.issuer ?? '',
    clientId: row?.clientId ?? '',
    hasClientSecret: !!row,
    domains: domains.map((d) => d.domain),
    allowJoin: row?.allowJoin ?? false,
    enabled: row?.enabled ?? false,
    policy: company.policy,
    redirectUri,
  };
}

/** Saves (creates or replaces) a company's SSO settings; audited without the secret. */
export async function saveSsoSettings(
  tx: Tx,
  args: {
    customerId: string;
    input: SsoInput;
    actor: Actor;
    secretKeys: string[];
    allowLoopbackHttp: boolean;
  },
): Promise<void> {
  const { customerId, input, actor } = args;
  const company = await requireCompanyRow(tx, customerId);
  const issuer = checkIssuerUrl(input.issuer, args.allowLoopbackHttp);
  const [existing] = await tx
    .select({ clientSecret: companySso.clientSecret, issuer: companySso.issuer })
    .from(companySso)
    .where(eq(companySso.customerId, customerId))
    .for('update');
  const secret = input.clientSecret.trim();
  if (!secret && !existing) throw badRequest(SSO_MESSAGES.secretRequired);
  if (!input.enabled && company.policy === 'sso') throw conflict(SSO_MESSAGES.policyNeedsSso);
  const taken = await tx
    .select({ domain: companySsoDomains.domain })
    .from(companySsoDomains)
    .where(
      and(
        inArray(companySsoDomains.domain, input.domains),
        ne(companySsoDomains.customerId, customerId),
      ),
    )
    .limit(1);
  if (taken[0]) throw conflict(`${taken[0].domain}: ${SSO_MESSAGES.domainTaken}`);

  const values = {
    issuer,
    clientId: input.clientId,
    clientSecret: secret
      ? encryptSecret(secret, args.secretKeys, 'sso-client-secrets')
      : (existing?.clientSecret ?? ''),
    allowJoin: input.allowJoin,
    enabled: input.enabled,
    updatedAt: new Date(),
  };
  await tx
    .insert(companySso)
    .values({ customerId, ...values })
    .onConflictDoUpdate({ target: companySso.customerId, set: values });
  await tx.delete(companySsoDomains).where(eq(companySsoDomains.customerId, customerId));
  await tx
    .insert(companySsoDomains)
    .values(input.domains.map((domain) => ({ domain, customerId })))
    // Two companies claiming one domain at once: the second waits on the key and then fails here.
    .onConflictDoNothing();
  const [{ mine } = { mine: 0 }] = await tx
    .select({ mine: sql<number>`count(*)::int` })
    .from(companySsoDomains)
    .where(eq(companySsoDomains.customerId, customerId));
  if (mine !== input.domains.length) throw conflict(SSO_MESSAGES.domainTaken);
  if (existing && existing.issuer !== issuer) {
    await issuerChanged(
      tx,
      { customerId, companyName: company.name, actor },
      existing.issuer,
      issuer,
    );
  }
  await recordAudit(tx, actor, {
    action: existing ? 'sso.update' : 'sso.create',
    entityType: 'company',
    entityId: customerId,
    customerId,
    details: {
      issuer,
      clientId: input.clientId,
      domains: input.domains,
      allowJoin: input.allowJoin,
      enabled: input.enabled,
      clientSecretChanged: !!secret,
    },
  });
}

/**
 * Another provider speaks for the company (review N4): its people are linked afresh at their
 * next sign-in there, and its admins are told who changed it.
 */
async function issuerChanged(
  tx: Tx,
  at: { customerId: string; companyName: string; actor: Actor },
  previousIssuer: string,
  issuer: string,
) {
  await tx.delete(ssoIdentities).where(eq(ssoIdentities.customerId, at.customerId));
  const admins = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(activeAdminsOf(at.customerId));
  await enqueueMail(
    tx,
    admins.map((admin) =>
      ssoIssuerChangedMail({
        ...admin,
        to: admin.email,
        companyName: at.companyName,
        previousIssuer,
        issuer,
        changedBy: at.actor.name,
      }),
    ),
  );
}

const ssoEnabled = (db: Db | Tx, customerId: string) =>
  db
    .select({ enabled: companySso.enabled })
    .from(companySso)
    .where(and(eq(companySso.customerId, customerId), eq(companySso.enabled, true)))
    .limit(1)
    .then((rows) => rows.length > 0);

export async function getSignInPolicy(db: Db | Tx, customerId: string): Promise<SignInPolicyView> {
  const company = await requireCompanyRow(db, customerId);
  return { policy: company.policy, ssoAvailable: await ssoEnabled(db, customerId) };
}

/** `sso` only once the company's single sign-on is configured and enabled; audited. */
export async function setSignInPolicy(
  tx: Tx,
  args: { customerId: string; policy: SignInPolicy; actor: Actor },
): Promise<SignInPolicyView> {
  const { customerId, policy, actor } = args;
  const [company] = await tx
    .select({ policy: customers.signInPolicy })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('update');
  if (!company) throw notFound('Company not found');
  const ssoAvailable = await ssoEnabled(tx, customerId);
  if (policy === 'sso' && !ssoAvailable) throw badRequest(SSO_MESSAGES.policyNeedsSso);
  if (company.policy !== policy) {
    await tx.update(customers).set({ signInPolicy: policy }).where(eq(customers.id, customerId));
    await recordAudit(tx, actor, {
      action: 'sign_in_policy.update',
      entityType: 'company',
      entityId: customerId,
      customerId,
      details: { from: company.policy, to: policy },
    });
  }
  return { policy, ssoAvailable };
}

/** How a sign-in proves the person: a mailed link or code, a passkey, the company's SSO. */
export type SignInDoor = 'link' | 'passkey' | 'sso';

/** Why a sign-in is refused: the method a company's policy requires instead. */
export type SignInRefusal = { policy: 'sso'; company: string } | { policy: 'passkey' };

/**
 * The one policy rule of every sign-in door (ADR 042, review N5): the method the user's
 * companies require, strictest first, and the door refused unless it is that method.
 * `sso` covers every address of the domains the company's enabled SSO owns, known or not, so
 * the answer tells nothing the login screen's discovery does not; members whose address is
 * outside them (guests) are not covered, as the provider cannot sign them in. `passkey`
 * covers a member of such a company once they have a passkey: a colleague without one needs a
 * link to sign in and register it. Staff are never subject to a company policy.
 */
export async function signInRefusalFor(
  db: Db | Tx,
  user: { id: string | null; email: string; role?: 'customer' | 'staff' },
  door: SignInDoor,
): Promise<SignInRefusal | null> {
  const required = await requiredSignIn(db, user);
  return required && required.policy !== door ? required : null;
}

async function requiredSignIn(
  db: Db | Tx,
  user: { id: string | null; email: string; role?: 'customer' | 'staff' },
): Promise<SignInRefusal | null> {
  if (user.role === 'staff') return null;
  const owner = await ssoCompanyForEmail(db, user.email);
  if (owner?.policy === 'sso') return { policy: 'sso', company: owner.name };
  if (!user.id) return null;
  const [passkeyCompany] = await db
    .select({ userId: customerUsers.userId })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(
      and(
        eq(customerUsers.userId, user.id),
        eq(customerUsers.active, true),
        eq(users.role, 'customer'),
        eq(customers.signInPolicy, 'passkey'),
      ),
    )
    .limit(1);
  if (!passkeyCompany) return null;
  const [hasPasskey] = await db
    .select({ id: passkeys.id })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id))
    .limit(1);
  return hasPasskey ? { policy: 'passkey' } : null;
}

/** How a refused user signs in instead, in one sentence. */
export const refusalMessage = (refusal: SignInRefusal) =>
  refusal.policy === 'sso'
    ? `Your company signs in with ${refusal.company}'s single sign-on.`
    : 'Your company signs in with a passkey.';

/** The same rule by user id: a link or code already issued, a passkey, an SSO identity. */
export async function signInRefusalForUserId(db: Db | Tx, userId: string, door: SignInDoor) {
  const [user] = await db
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return user ? signInRefusalFor(db, user, door) : null;
}
