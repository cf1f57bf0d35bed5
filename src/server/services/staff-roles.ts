// A staff member's role in the workspace (issue 38 item 7, ADR 058).
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { users } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { LAST_ADMIN_MESSAGE, type StaffRole } from '../../shared/staff-permissions.ts';
import type { Actor } from './actor.ts';
import { revokeAllApiTokensOf } from './api-tokens.ts';
import { recordAudit } from './audit.ts';

/**
 * Gives a staff member another role. The active admins are locked first, so two admins
 * demoting each other at once cannot both succeed and leave the workspace without one.
 */
export async function changeStaffRole(
  tx: Tx,
  actor: Actor,
  userId: string,
  role: StaffRole,
): Promise<{ id: string; role: StaffRole }> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'staff'), eq(users.staffRole, 'admin'), eq(users.active, true)))
    .orderBy(users.id)
    .for('update');
  const [member] = await tx
    .select({ email: users.email, staffRole: users.staffRole, active: users.active })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.role, 'staff')))
    .for('update');
  if (!member?.staffRole) throw notFound('Staff member not found');
  const lastAdmin = admins.length === 1 && admins[0]?.id === userId;
  if (role !== 'admin' && lastAdmin) throw conflict(LAST_ADMIN_MESSAGE);
  if (member.staffRole !== role) {
    await tx
      .update(users)
      .set({ staffRole: role, updatedAt: sql`now()` })
      .where(eq(users.id, userId));
    // Only admins make API tokens, and only admins revoke them: a token outliving its maker's
    // admin role could no longer be revoked by them, and would write again if they were made
    // admin later (outside attack, issue 38). A new role starts without tokens.
    const tokensRevoked = await revokeAllApiTokensOf(tx, userId);
    await recordAudit(tx, actor, {
      action: 'staff.role_change',
      entityType: 'user',
      entityId: userId,
      customerId: null,
      details: {
        email: member.email,
        from: member.staffRole,
        to: role,
        ...(tokensRevoked ? { tokensRevoked } : {}),
      },
    });
  }
  return { id: userId, role };
}
