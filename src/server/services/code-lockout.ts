// Wrong typed codes count per account (issue 13, item 5): the mailed sign-in codes and staff's
// authenticator and recovery codes (issue 19) share one counter and one lock, so switching
// kind of code buys an attacker no extra guesses.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { signInCodeFailures, signInCodeLocks } from '../db/schema.ts';

/** Wrong codes per account within an hour, across its links, that turn codes off... */
export const MAX_CODE_FAILURES_PER_HOUR = 10;
/** ...for this long (links keep working). See docs/decisions/003-auth-sign-in.md for the odds. */
export const CODE_LOCK_MS = 24 * 60 * 60 * 1000;

/** True while the account's typed codes are turned off. */
export async function codesLocked(tx: Tx, userId: string): Promise<boolean> {
  const [lock] = await tx
    .select({ userId: signInCodeLocks.userId })
    .from(signInCodeLocks)
    .where(and(eq(signInCodeLocks.userId, userId), gt(signInCodeLocks.lockedUntil, new Date())))
    .limit(1);
  return !!lock;
}

/**
 * Counts a wrong code against the account (whichever link it was for); the
 * MAX_CODE_FAILURES_PER_HOURth within an hour turns codes off for CODE_LOCK_MS. True then.
 */
export async function recordCodeFailure(tx: Tx, userId: string): Promise<boolean> {
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await tx
    .delete(signInCodeFailures)
    .where(and(eq(signInCodeFailures.userId, userId), lt(signInCodeFailures.failedAt, hourAgo)));
  await tx.insert(signInCodeFailures).values({ userId });
  const failures = await tx.$count(signInCodeFailures, eq(signInCodeFailures.userId, userId));
  if (failures < MAX_CODE_FAILURES_PER_HOUR) return false;
  const lockedUntil = new Date(Date.now() + CODE_LOCK_MS);
  await tx
    .insert(signInCodeLocks)
    .values({ userId, lockedUntil })
    .onConflictDoUpdate({ target: signInCodeLocks.userId, set: { lockedUntil } });
  await tx.delete(signInCodeFailures).where(eq(signInCodeFailures.userId, userId));
  return true;
}
