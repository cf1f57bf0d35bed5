// Wrong typed codes count per account and per kind (issue 13 item 5, review N1). The mailed
// sign-in code is typed on an anonymous form, so its lock only turns sign-in codes off (links
// keep working); staff's authenticator and recovery codes, reachable only past the mailbox,
// share their own counter, so switching between those two buys no extra guesses. Anonymous
// guesses at a mailed code never lock a factor the guesser never reached.
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { signInCodeFailures, signInCodeLocks, type typedCodeKinds } from '../db/schema.ts';

export type CodeKind = (typeof typedCodeKinds)[number];

/** Wrong codes of one kind per account within an hour, across its links, that turn them off... */
export const MAX_CODE_FAILURES_PER_HOUR = 10;
/** ...for this long (links keep working). See docs/decisions/003-auth-sign-in.md for the odds. */
export const CODE_LOCK_MS = 24 * 60 * 60 * 1000;

/** True while the account's codes of this kind are turned off. */
export async function codesLocked(tx: Tx, userId: string, kind: CodeKind): Promise<boolean> {
  const [lock] = await tx
    .select({ userId: signInCodeLocks.userId })
    .from(signInCodeLocks)
    .where(
      and(
        eq(signInCodeLocks.userId, userId),
        eq(signInCodeLocks.kind, kind),
        gt(signInCodeLocks.lockedUntil, new Date()),
      ),
    )
    .limit(1);
  return !!lock;
}

/**
 * Counts a wrong code of this kind against the account (whichever link it was for); the
 * MAX_CODE_FAILURES_PER_HOURth within an hour turns that kind off for CODE_LOCK_MS. True then.
 */
export async function recordCodeFailure(tx: Tx, userId: string, kind: CodeKind): Promise<boolean> {
  const mine = and(eq(signInCodeFailures.userId, userId), eq(signInCodeFailures.kind, kind));
  const hourAgo = new Date(Date.now() - 60 * 60 * 1000);
  await tx.delete(signInCodeFailures).where(and(mine, lt(signInCodeFailures.failedAt, hourAgo)));
  await tx.insert(signInCodeFailures).values({ userId, kind });
  const failures = await tx.$count(signInCodeFailures, mine);
  if (failures < MAX_CODE_FAILURES_PER_HOUR) return false;
  const lockedUntil = new Date(Date.now() + CODE_LOCK_MS);
  await tx
    .insert(signInCodeLocks)
    .values({ userId, kind, lockedUntil })
    .onConflictDoUpdate({
      target: [signInCodeLocks.userId, signInCodeLocks.kind],
      set: { lockedUntil },
    });
  await tx.delete(signInCodeFailures).where(mine);
  return true;
}

/** Forgets the account's count and lock of this kind (a colleague's second-factor reset). */
export async function clearCodeLock(tx: Tx, userId: string, kind: CodeKind): Promise<void> {
  await tx
    .delete(signInCodeFailures)
    .where(and(eq(signInCodeFailures.userId, userId), eq(signInCodeFailures.kind, kind)));
  await tx
    .delete(signInCodeLocks)
    .where(and(eq(signInCodeLocks.userId, userId), eq(signInCodeLocks.kind, kind)));
}
