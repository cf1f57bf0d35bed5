import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { recordSignInEvent } from '../../services/sign-in-log.ts';
import type { SignInMethod } from '../../../shared/schemas/auth.ts';
import { createSession } from '../../services/sessions.ts';
import { paths } from '../../../shared/routes.ts';

/** Where a user lands after signing in. */
export const landingFor = (role: 'customer' | 'staff') =>
  role === 'staff' ? paths.staff : paths.dashboard;

export type SignInMeta = { userAgent: string | null; ip: string | null };

/**
 * After a token or code was accepted: a new session (a fresh id at every sign-in)
 * and a sign-in log row, in the caller's transaction. Null when the user is no longer active.
 */
export async function completeSignIn(
  tx: Tx,
  userId: string,
  meta: SignInMeta,
  method: SignInMethod,
): Promise<{ userId: string; sessionId: string; landing: string } | null> {
  const [user] = await tx
    .select({ role: users.role, active: users.active })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.active) return null;
  const sessionId = await createSession(tx, userId, meta);
  await recordSignInEvent(tx, { userId, event: 'sign-in', method, ...meta });
  return { userId, sessionId, landing: landingFor(user.role) };
}
