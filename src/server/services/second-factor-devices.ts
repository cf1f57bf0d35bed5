// Known browsers for the second factor (issue 35): after a right authenticator or recovery
// code the browser gets a random token in a cookie. Its wrong codes then count for it alone
// (services/code-lockout.ts), so ten wrong codes from someone holding the mailbox turn codes
// off everywhere except on the browsers the owner already confirmed on.
import { randomBytes } from 'node:crypto';
import { and, eq, gt, lt } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { secondFactorDevices } from '../db/schema.ts';
import { sha256 } from './sessions.ts';

/** A browser unused for this long is a stranger again (and its row is dropped). */
export const DEVICE_REMEMBERED_MS = 180 * 24 * 60 * 60 * 1000;

/** The known browser this token stands for, for this user; null for any other browser. */
export async function knownDevice(
  tx: Tx,
  userId: string,
  token: string | undefined,
): Promise<string | null> {
  if (!token) return null;
  const [device] = await tx
    .select({ id: secondFactorDevices.id })
    .from(secondFactorDevices)
    .where(
      and(
        eq(secondFactorDevices.tokenHash, sha256(token)),
        eq(secondFactorDevices.userId, userId),
        gt(secondFactorDevices.lastUsedAt, new Date(Date.now() - DEVICE_REMEMBERED_MS)),
      ),
    )
    .limit(1);
  return device?.id ?? null;
}

/**
 * After a right code: a known browser is marked as used; any other becomes known, and the
 * token for its cookie is returned (the only time it exists in clear).
 */
export async function rememberDevice(
  tx: Tx,
  userId: string,
  deviceId: string | null,
): Promise<string | null> {
  const now = new Date();
  if (deviceId) {
    await tx
      .update(secondFactorDevices)
      .set({ lastUsedAt: now })
      .where(eq(secondFactorDevices.id, deviceId));
    return null;
  }
  const stale = new Date(now.getTime() - DEVICE_REMEMBERED_MS);
  await tx
    .delete(secondFactorDevices)
    .where(and(eq(secondFactorDevices.userId, userId), lt(secondFactorDevices.lastUsedAt, stale)));
  const token = randomBytes(32).toString('base64url');
  await tx.insert(secondFactorDevices).values({ userId, tokenHash: sha256(token) });
  return token;
}

/** A colleague's reset: every browser is a stranger again. */
export async function forgetDevices(tx: Tx, userId: string): Promise<void> {
  await tx.delete(secondFactorDevices).where(eq(secondFactorDevices.userId, userId));
}
