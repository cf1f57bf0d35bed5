// Accounts as staff manage them (issue 20, issue 19): switched off and on, and a colleague's
// second factor reset after a lost phone.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { customerUsers, users } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { SECOND_FACTOR_MESSAGES } from '../../shared/schemas/second-factor.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { enqueueMail } from './mail-outbox.ts';
import { resetSecondFactor } from './second-factor.ts';
import { secondFactorResetMail } from './second-factor-mail.tsx';
import { deleteUserSessions } from './sessions.ts';

/**
 * A colleague who lost their phone signs in again and enrols afresh. Never one's own: the
 * second factor would then rest on the mail link alone.
 */
export async function resetColleagueSecondFactor(
  tx: Tx,
  actor: Actor,
  userId: string,
): Promise<void> {
  if (userId === actor.id) throw badRequest(SECOND_FACTOR_MESSAGES.ownReset);
  const [member] = await tx
    .select({ email: users.email, firstName: users.firstName })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'staff')))
    .for('update');
  if (!member) throw notFound('Staff member not found');
  await resetSecondFactor(tx, userId);
  await enqueueMail(
    tx,
    secondFactorResetMail({ to: member.email, firstName: member.firstName, resetBy: actor.name }),
  );
  await recordAudit(tx, actor, {
    action: 'second_factor.reset',
    entityType: 'user',
    entityId: userId,
    customerId: null,
    details: { email: member.email },
  });
}

/** Switches an account off or on; a deactivated user is signed out everywhere at once. */
export async function setUserActive(
  tx: Tx,
  actor: Actor,
  userId: string,
  active: boolean,
): Promise<{ id: string; active: boolean }> {
  if (userId === actor.id && !active) throw badRequest('You cannot deactivate your own account');
  const [row] = await tx
    .update(users)
    .set({ active, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning({ id: users.id, active: users.active, email: users.email });
  if (!row) throw notFound('User not found');
  if (!active) await deleteUserSessions(tx, userId);
  const [first] = await tx
    .select({ customerId: customerUsers.customerId })
    .from(customerUsers)
    .where(eq(customerUsers.userId, userId))
    .orderBy(asc(customerUsers.position))
    .limit(1);
  await recordAudit(tx, actor, {
    action: active ? 'user.activate' : 'user.deactivate',
    entityType: 'user',
    entityId: userId,
    customerId: first?.customerId ?? null,
    details: { email: row.email },
  });
  return { id: row.id, active: row.active };
}
