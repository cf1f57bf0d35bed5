// Wrong typed codes count per account and per kind (issue 13 item 5, review N1). The mailed
// sign-in code is typed on an anonymous form, so its lock only turns sign-in codes off (links
// keep working); staff's authenticator and recovery codes, reachable only past the mailbox,
// share their own counter, so switching between those two buys no extra guesses. Anonymous
// guesses at a mailed code never lock a factor the guesser never reached.
//
// A browser where the staff member confirmed their second factor before (a known device,
// services/second-factor-devices.ts) counts its own wrong codes and locks only itself, so
// someone holding the mailbox locks every other browser but not the owner's (issue 35).
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  secondFactorDevices,
  signInCodeFailures,
  signInCodeLocks,
  type typedCodeKinds,
} from '../db/schema.ts';

export type CodeKind = (typeof typedCodeKinds)[number];

/** Who typed the codes: an account's codes of one kind, from one known browser or any other. */
export type CodeSource = { userId: string; kind: CodeKind; deviceId?: string | null };

/** Wrong codes of one kind per account (or known browser) within an hour that turn them off... */
export const MAX_CODE_FAILURES_PER_HOUR = 10;
/** ...for this long (links keep working). See docs/decisions/003-auth-sign-in.md for the odds. */
export const CODE_LOCK_MS = 24 * 60 * 60 * 1000;

const failuresOf = ({ userId, kind, deviceId }: CodeSource) =>
  and(
    eq(signInCodeFailures.userId, userId),
    eq(signInCodeFailures.kind, kind),
    deviceId ? eq(signInCodeFailures.deviceId, deviceId) : isNull(signInCodeFailures.deviceId),
  );

/** True while these codes are turned off (for a known browser: for that browser only). */
export async function codesLocked(tx: Tx, source: CodeSource): Promise<boolean> {
  const now = new Date();
  if (source.deviceId) {
    const [device] = await tx
      .select({ id: secondFactorDevices.id })
      .from(secondFactorDevices)
      .where(
        and(eq(secondFactorDevices.id, source.deviceId), gt(secondFactorDevices.lockedUntil, now)),
      )
      .limit(1);
    return !!device;
  }
  const [lock] = await tx
    .select({ userId: signInCodeLocks.userId })
    .from(signInCodeLocks)
    .where(
      and(
        eq(signInCodeLocks.userId, source.userId),
        eq(signInCodeLocks.kind, source.kind),
        gt(signInCodeLocks.lockedUntil, now),
      ),
    )
    .limit(1);
  return !!lock;
}

/**
 * Counts a wrong code against its source (whichever link it was for); the
 * MAX_CODE_FAILURES_PER_HOURth within an hour turns that source's codes off for CODE_LOCK_MS.
 * True then.
 */
export async function recordCodeFailure(tx: Tx, source: CodeSource): Promise<boolean> {
  const mine = failuresOf(source);
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await tx.delete(signInCodeFailures).where(and(mine, lt(signInCodeFailures.failedAt, hourAgo)));
  await tx.insert(signInCodeFailures).values({
    userId: source.userId,
    kind: source.kind,
    deviceId: source.deviceId ?? null,
  });
  const failures = await tx.$count(signInCodeFailures, mine);
  if (failures < MAX_CODE_FAILURES_PER_HOUR) return false;
  const lockedUntil = new Date(Date.now() + CODE_LOCK_MS);
  if (source.deviceId) {
    await tx
      .update(secondFactorDevices)
      .set({ lockedUntil })
      .where(eq(secondFactorDevices.id, source.deviceId));
  } else {
    await tx
      .insert(signInCodeLocks)
      .values({ userId: source.userId, kind: source.kind, lockedUntil })
      .onConflictDoUpdate({
        target: [signInCodeLocks.userId, signInCodeLocks.kind],
        set: { lockedUntil },
      });
  }
  await tx.delete(signInCodeFailures).where(mine);
  return true;
}

/** A right code: the wrong ones before it from the same source stop counting. */
export async function forgetCodeFailures(tx: Tx, source: CodeSource): Promise<void> {
  await tx.delete(signInCodeFailures).where(failuresOf(source));
}

/** Forgets the account's counts and lock of this kind (a colleague's second-factor reset). */
export async function clearCodeLock(tx: Tx, userId: string, kind: CodeKind): Promise<void> {
  await tx
    .delete(signInCodeFailures)
    .where(and(eq(signInCodeFailures.userId, userId), eq(signInCodeFailures.kind, kind)));
  await tx
    .delete(signInCodeLocks)
    .where(and(eq(signInCodeLocks.userId, userId), eq(signInCodeLocks.kind, kind)));
}
