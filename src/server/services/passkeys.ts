// Passkeys (issue 19, docs/decisions/040-passkeys.md): WebAuthn registration and sign-in
// with @simplewebauthn/server, challenges in the database, every refusal a 4xx.
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL, isoUint8Array } from '@simplewebauthn/server/helpers';
import { and, asc, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { enqueueMail } from './mail-outbox.ts';
import { passkeyAddedMail } from './passkey-mail.tsx';
import { mayEnrol, secondFactorStatus } from './second-factor.ts';
import { passkeys, webauthnChallenges } from '../db/schema.ts';
import { HttpError, badRequest, notFound } from '../lib/errors.ts';
import { company } from '../../shared/company.ts';
import { PASSKEY_MESSAGES, type Passkey } from '../../shared/schemas/passkeys.ts';

/** A challenge answers within this long or not at all. */
export const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** Who the browser must be talking to: APP_URL's host is the relying party, its origin the page's. */
export type RelyingParty = { id: string; origin: string };
export const relyingPartyFor = (appUrl: string): RelyingParty => {
  const url = new URL(appUrl);
  return { id: url.hostname, origin: url.origin };
};

type Purpose = 'registration' | 'authentication';
/** Whose challenge: the signed-in session's hash, or null for a signed-out visitor. */
type Binding = { sessionHash: string | null };

async function storeChallenge(
  db: Db | Tx,
  purpose: Purpose,
  challenge: string,
  userId: string | null,
  binding: Binding,
): Promise<string> {
  // Answered or not, a challenge is worthless after its 5 minutes: old ones go as new ones come.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, sql`now()`));
  const [row] = await db
    .insert(webauthnChallenges)
    .values({
      purpose,
      challenge,
      userId,
      sessionHash: binding.sessionHash,
      expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
    })
    .returning({ id: webauthnChallenges.id });
  return row!.id;
}

/**
 * Takes the challenge the cookie names, once: deleted whatever the answer, so a replay finds
 * nothing. It must be for this purpose, this session (or none), and not expired.
 */
async function consumeChallenge(
  db: Db | Tx,
  challengeId: string | null,
  purpose: Purpose,
  binding: Binding,
): Promise<{ challenge: string; userId: string | null }> {
  if (!challengeId || !/^[0-9a-f-]{36}$/i.test(challengeId))
    throw badRequest(PASSKEY_MESSAGES.challengeGone);
  const [row] = await db
    .delete(webauthnChallenges)
    .where(
      and(
        eq(webauthnChallenges.id, challengeId),
        eq(webauthnChallenges.purpose, purpose),
        binding.sessionHash === null
          ? isNull(webauthnChallenges.sessionHash)
          : eq(webauthnChallenges.sessionHash, binding.sessionHash),
      ),
    )
    .returning({
      challenge: webauthnChallenges.challenge,
      userId: webauthnChallenges.userId,
      expiresAt: webauthnChallenges.expiresAt,
    });
  if (!row || row.expiresAt.getTime() <= Date.now())
    throw badRequest(PASSKEY_MESSAGES.challengeGone);
  return row;
}

export async function listPasskeys(db: Db | Tx, userId: string): Promise<Passkey[]> {
  const rows = await db
    .select({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt));
  return rows.map((r) => ({
    ...r,
    createdAt: r.createdAt.toISOString(),
    lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  }));
}

/**
 * May this session add a passkey? The enrolment rule of the second factor (`mayEnrol`):
 * always once the session has proved its second factor (customers always have); a staff
 * session past the magic link alone only while the account has no factor at all.
 */
export async function mayEnrolPasskey(
  db: Db | Tx,
  user: { id: string; secondFactorPending: boolean },
): Promise<boolean> {
  if (!user.secondFactorPending) return true;
  return mayEnrol(true, await secondFactorStatus(db, user.id));
}

export async function startRegistration(
  db: Db | Tx,
  rp: RelyingParty,
  user: { id: string; email: string; firstName: string; lastName: string },
  binding: Binding,
): Promise<{ challengeId: string; options: PublicKeyCredentialCreationOptionsJSON }> {
  const existing = await db
    .select({ credentialId: passkeys.credentialId, transports: passkeys.transports })
    .from(passkeys)
    .where(eq(passkeys.userId, user.id));
  const options = await generateRegistrationOptions({
    rpName: company.name,
    rpID: rp.id,
    userName: user.email,
    userID: isoUint8Array.fromUTF8String(user.id),
    userDisplayName: `${user.firstName} ${user.lastName}`.trim() || user.email,
    attestationType: 'none',
    // One passkey per authenticator: the browser says so instead of making a duplicate.
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports as AuthenticatorTransportFuture[],
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  });
  const challengeId = await storeChallenge(db, 'registration', options.challenge, user.id, binding);
  return { challengeId, options };
}

export async function finishRegistration(
  tx: Tx,
  rp: RelyingParty,
  user: { id: string; email: string; firstName: string; role: 'customer' | 'staff' },
  challengeId: string | null,
  binding: Binding,
  input: { name: string; response: RegistrationResponseJSON },
): Promise<Passkey> {
  const userId = user.id;
  const stored = await consumeChallenge(tx, challengeId, 'registration', binding);
  if (stored.userId !== userId) throw badRequest(PASSKEY_MESSAGES.challengeGone);
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    });
  } catch {
    // Malformed data, another origin or rp id, no user verification: the library throws.
    throw badRequest(PASSKEY_MESSAGES.notAccepted);
  }
  const info = verification.registrationInfo;
  if (!verification.verified || !info) throw badRequest(PASSKEY_MESSAGES.notAccepted);
  const [row] = await tx
    .insert(passkeys)
    .values({
      userId,
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: info.credential.transports ?? [],
      backedUp: info.credentialBackedUp,
      name: input.name,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning({
      id: passkeys.id,
      name: passkeys.name,
      createdAt: passkeys.createdAt,
      lastUsedAt: passkeys.lastUsedAt,
    });
  if (!row) throw new HttpError(409, PASSKEY_MESSAGES.alreadyRegistered);
  // The relying party's origin is APP_URL's: the owner reviews the passkey where it works.
  await enqueueMail(
    tx,
    passkeyAddedMail({
      appUrl: rp.origin,
      to: user.email,
      firstName: user.firstName,
      role: user.role,
      passkeyName: row.name,
    }),
  );
  return { ...row, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
}

/** Sign-in options: no user named, the browser offers the passkeys it holds for this site. */
export async function startAuthentication(
  db: Db | Tx,
  rp: RelyingParty,
  binding: Binding,
): Promise<{ challengeId: string; options: PublicKeyCredentialRequestOptionsJSON }> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'required',
  });
  const challengeId = await storeChallenge(db, 'authentication', options.challenge, null, binding);
  return { challengeId, options };
}

/**
 * Checks a sign-in answer against its challenge and the stored public key; on success moves
 * the counter and the last use. The passkey's user, whom the caller then signs in.
 */
export async function finishAuthentication(
  tx: Tx,
  rp: RelyingParty,
  challengeId: string | null,
  binding: Binding,
  response: AuthenticationResponseJSON,
): Promise<{ userId: string }> {
  const stored = await consumeChallenge(tx, challengeId, 'authentication', binding);
  const [passkey] = await tx
    .select()
    .from(passkeys)
    .where(eq(passkeys.credentialId, response.id))
    .limit(1);
  if (!passkey) throw badRequest(PASSKEY_MESSAGES.unknown);
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: stored.challenge,
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: passkey.credentialId,
        publicKey: isoBase64URL.toBuffer(passkey.publicKey),
        counter: passkey.counter,
        transports: passkey.transports as AuthenticatorTransportFuture[],
      },
      requireUserVerification: true,
    });
  } catch {
    throw badRequest(PASSKEY_MESSAGES.notAccepted);
  }
  if (!verification.verified) throw badRequest(PASSKEY_MESSAGES.notAccepted);
  await tx
    .update(passkeys)
    .set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: sql`now()` })
    .where(eq(passkeys.id, passkey.id));
  return { userId: passkey.userId };
}

export async function renamePasskey(db: Db | Tx, userId: string, id: string, name: string) {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound();
}

/** Deletes one of the user's own passkeys; another user's id is simply not found. */
export async function deletePasskey(db: Db | Tx, userId: string, id: string) {
  const [row] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id });
  if (!row) throw notFound();
}

/** Removes every passkey of the account (a reported takeover); the number removed. */
export async function deleteAllPasskeys(tx: Tx, userId: string): Promise<number> {
  const rows = await tx
    .delete(passkeys)
    .where(eq(passkeys.userId, userId))
    .returning({ id: passkeys.id });
  return rows.length;
}
