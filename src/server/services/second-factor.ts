// Staff's second factor (issue 19, docs/decisions/041-staff-second-factor.md): an
// authenticator app (TOTP) and one-time recovery codes. Passkeys live in their own service;
// here they only count as "has a factor" and are removed by a reset.
import { randomBytes } from 'node:crypto';
import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import type { Db, Tx } from '../db/client.ts';
import { passkeys, recoveryCodes, sessions, totpCredentials } from '../db/schema.ts';
import { company } from '../../shared/company.ts';
import {
  clearCodeLock,
  codesLocked,
  forgetCodeFailures,
  recordCodeFailure,
  type CodeSource,
} from './code-lockout.ts';
import { forgetDevices } from './second-factor-devices.ts';
import { revokeAllApiTokensOf } from './api-tokens.ts';
import { decryptSecret, encryptSecret } from './secret-box.ts';
import { sha256 } from './sessions.ts';

export const RECOVERY_CODE_COUNT = 10;
const PERIOD_SECONDS = 30;
/** One step either side of now: the phone's clock may be up to 30 seconds off. */
const WINDOW = 1;

export type SecondFactorStatus = { totp: boolean; passkeys: number; recoveryCodesLeft: number };

export async function secondFactorStatus(db: Db | Tx, userId: string): Promise<SecondFactorStatus> {
  const [totp, passkeyCount, recoveryCodesLeft] = await Promise.all([
    db.$count(
      totpCredentials,
      and(eq(totpCredentials.userId, userId), isNotNull(totpCredentials.confirmedAt)),
    ),
    db.$count(passkeys, eq(passkeys.userId, userId)),
    db.$count(recoveryCodes, and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt))),
  ]);
  return { totp: totp > 0, passkeys: passkeyCount, recoveryCodesLeft };
}

/**
 * The enrolment rule: a session past its second factor may set up an authenticator; a
 * session that has only passed the mail link may only when the account has no factor yet
 * (no passkey, no confirmed authenticator), else the link alone would replace the factor.
 */
export function mayEnrol(pending: boolean, status: SecondFactorStatus): boolean {
  return !pending || (!status.totp && status.passkeys === 0);
}

const totpFor = (email: string, secret: Secret) =>
  new TOTP({
    issuer: company.name,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_SECONDS,
    secret,
  });

/**
 * A new, unconfirmed authenticator secret (160 random bits, RFC 4226's size), stored
 * encrypted; any earlier unconfirmed one is replaced. Null when one is confirmed already.
 */
export async function startTotpEnrolment(
  tx: Tx,
  user: { id: string; email: string },
  rootSecrets: string[],
): Promise<{ uri: string; secret: string } | null> {
  const secret = new Secret({ size: 20 });
  const secretEncrypted = encryptSecret(secret.base32, rootSecrets, 'totp-secrets');
  const [row] = await tx
    .insert(totpCredentials)
    .values({ userId: user.id, secretEncrypted })
    .onConflictDoUpdate({
      target: totpCredentials.userId,
      set: { secretEncrypted, createdAt: new Date(), lastUsedStep: null },
      setWhere: isNull(totpCredentials.confirmedAt),
    })
    .returning({ userId: totpCredentials.userId });
  if (!row) return null;
  return { uri: totpFor(user.email, secret).toString(), secret: secret.base32 };
}

/** Where a wrong code just turned codes off: one known browser, or every other browser. */
export type LockedWhere = 'known-browser' | 'other-browsers';

export type CodeCheck =
  | { ok: true }
  | {
      ok: false;
      reason: 'wrong-code' | 'codes-locked' | 'no-authenticator';
      /** This wrong code turned codes off here: the owner is told. */
      lockedNow?: LockedWhere;
      /** Where codes are off (codes-locked, or lockedNow). */
      lockedWhere?: LockedWhere;
    };

const lockedWhere = (source: CodeSource): LockedWhere =>
  source.deviceId ? 'known-browser' : 'other-browsers';

/** Whose second-factor codes: the account's, from one known browser or any other. */
const sourceOf = (userId: string, deviceId: string | null): CodeSource => ({
  userId,
  kind: 'second-factor',
  deviceId,
});

/**
 * A wrong authenticator or recovery code counts against the account's second factor, apart
 * from the mailed sign-in codes (review N1): only someone past the mailbox gets here. A
 * known browser's count is its own (services/second-factor-devices.ts).
 */
async function refuse(tx: Tx, source: CodeSource): Promise<CodeCheck> {
  if (!(await recordCodeFailure(tx, source))) return { ok: false, reason: 'wrong-code' };
  const lockedNow = lockedWhere(source);
  return { ok: false, reason: 'wrong-code', lockedNow, lockedWhere: lockedNow };
}

/** A right code: the wrong ones before it from the same browser stop counting. */
async function accept(tx: Tx, source: CodeSource): Promise<CodeCheck> {
  await forgetCodeFailures(tx, source);
  return { ok: true };
}

/**
 * Checks an authenticator code against the user's secret (confirmed or, when `confirming`,
 * the unconfirmed one): accepted within ±1 step, and only for a step after the last one used,
 * so a code seen over someone's shoulder cannot be used again.
 */
async function checkTotp(
  tx: Tx,
  userId: string,
  deviceId: string | null,
  code: string,
  rootSecrets: string[],
  confirming: boolean,
): Promise<CodeCheck> {
  const source = sourceOf(userId, deviceId);
  if (await codesLocked(tx, source)) {
    return { ok: false, reason: 'codes-locked', lockedWhere: lockedWhere(source) };
  }
  const [row] = await tx
    .select()
    .from(totpCredentials)
    .where(eq(totpCredentials.userId, userId))
    .for('update');
  if (!row || (row.confirmedAt !== null) === confirming) {
    return { ok: false, reason: 'no-authenticator' };
  }
  const secret = Secret.fromBase32(decryptSecret(row.secretEncrypted, rootSecrets, 'totp-secrets'));
  const totp = totpFor('', secret);
  const now = Date.now();
  const delta = totp.validate({ token: code, timestamp: now, window: WINDOW });
  if (delta === null) return refuse(tx, source);
  const step = totp.counter({ timestamp: now }) + delta;
  // A right code used already (the same code sent twice at once, or seen over a shoulder) is
  // refused but not counted: only a guess brings the lock nearer.
  if (row.lastUsedStep !== null && step <= row.lastUsedStep) {
    return { ok: false, reason: 'wrong-code' };
  }
  await tx
    .update(totpCredentials)
    .set({ lastUsedStep: step, ...(confirming ? { confirmedAt: new Date() } : {}) })
    .where(eq(totpCredentials.userId, userId));
  return accept(tx, source);
}

/** Confirms the enrolment with a current code; the recovery codes are made by the caller. */
export const confirmTotpEnrolment = (
  tx: Tx,
  userId: string,
  deviceId: string | null,
  code: string,
  rootSecrets: string[],
) => checkTotp(tx, userId, deviceId, code, rootSecrets, true);

/** A code from the confirmed authenticator, for a session's second factor. */
export const verifyTotp = (
  tx: Tx,
  userId: string,
  deviceId: string | null,
  code: string,
  rootSecrets: string[],
) => checkTotp(tx, userId, deviceId, code, rootSecrets, false);

/** Spaces, dashes and case do not matter when a recovery code is typed. */
const normaliseRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, '');
const hashRecoveryCode = (userId: string, code: string) =>
  sha256(`${userId}:${normaliseRecoveryCode(code)}`);

/** 60 random bits as 12 hex digits in three groups: `3f9a-01c2-b7e4`. */
function newRecoveryCode(): string {
  const hex = randomBytes(6).toString('hex');
  return `${hex.slice(0, 4)}-${hex.slice(4, 8)}-${hex.slice(8)}`;
}

/**
 * Replaces the user's recovery codes with RECOVERY_CODE_COUNT new ones, returned once in
 * clear. SHA-256 is enough to store them: 60 random bits cannot be found by guessing the
 * hash's input, unlike a password, so a slow hash would add nothing.
 */
export async function regenerateRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx
    .insert(recoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(userId, code) })));
  return codes;
}

/** Uses up one recovery code in one statement (two racing requests cannot both win). */
export async function useRecoveryCode(
  tx: Tx,
  userId: string,
  deviceId: string | null,
  code: string,
): Promise<CodeCheck> {
  const source = sourceOf(userId, deviceId);
  if (await codesLocked(tx, source)) {
    return { ok: false, reason: 'codes-locked', lockedWhere: lockedWhere(source) };
  }
  const [used] = await tx
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(userId, code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .returning({ id: recoveryCodes.id });
  return used ? accept(tx, source) : refuse(tx, source);
}

/**
 * Another staff member's reset: the authenticator, recovery codes and passkeys go, every
 * session ends, every API token is revoked (a token made from a stolen session must not
 * outlive it: third outside attack, issue 35), the second factor's lock is lifted and every
 * browser is a stranger again, so the next sign-in enrols afresh.
 */
export async function resetSecondFactor(tx: Tx, userId: string): Promise<void> {
  await clearCodeLock(tx, userId, 'second-factor');
  await forgetDevices(tx, userId);
  await revokeAllApiTokensOf(tx, userId);
  await tx.delete(totpCredentials).where(eq(totpCredentials.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}
