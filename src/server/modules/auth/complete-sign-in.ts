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
 * After a token, code, passkey or identity provider was accepted: a new session (a fresh id
 * at every sign-in) and a sign-in log row, in the caller's transaction. Null when the user
 * is no longer active. A passkey (possession plus the device's user verification) counts as
 * both of staff's factors (docs/decisions/039-modern-sign-in.md).
 */
export async function completeSignIn(
  tx: Tx,
  userId: string,
  meta: SignInMeta,
  method: SignInMethod,
  issuer: string | null = null,
): Promise<{ userId: string; sessionId: string; landing: string } | null> {
  const [user] = await tx
    .select({ role: users.role, active: users.active })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user?.active) return null;
  const sessionId = await createSession(tx, userId, {
    ...meta,
    secondFactor: method === 'passkey',
  });
  await recordSignInEvent(tx, { userId, event: 'sign-in', method, issuer, ...meta });
  return { userId, sessionId, landing: landingFor(user.role) };
}
