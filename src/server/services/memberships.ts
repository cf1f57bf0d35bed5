// Who belongs to a company, with which role (issue 18): the rules of the colleagues screen
// and of staff's company page, once, whichever door calls them. Company admins invite
// through services/invitations.ts: a membership starts only when its owner accepts (ADR 046).
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { customerUsers, notificationPreferences, signIns, users } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import type { CompanyRole } from '../../shared/permissions.ts';
import {
  LAST_ADMIN_MESSAGE,
  type TeamMember,
  type TeamMemberChange,
} from '../../shared/schemas/team.ts';

const inviter = sql<string | null>`(
  select btrim(i.first_name || ' ' || i.last_name) from users i
   where i.id = ${customerUsers.invitedByUserId})`;

/** A company's members, admins first, then by name; with their last sign-in. */
export async function listMembers(db: Db | Tx, customerId: string): Promise<TeamMember[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: customerUsers.role,
      active: sql<boolean>`${customerUsers.active} and ${users.active}`,
      lastSignInAt: sql<string | null>`(
        select max(${signIns.at}) from ${signIns}
         where ${signIns.userId} = ${users.id} and ${signIns.event} = 'sign-in'
           -- Since they joined this company (review N3): not their sign-ins for another.
           and ${signIns.at} >= ${customerUsers.createdAt})`,
      invitedBy: inviter,
    })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(eq(customerUsers.customerId, customerId))
    .orderBy(
      sql`${customerUsers.role} <> 'admin'`,
      asc(users.firstName),
      asc(users.lastName),
      asc(users.email),
    );
  return rows.map((r) => ({
    ...r,
    lastSignInAt: r.lastSignInAt ? new Date(r.lastSignInAt).toISOString() : null,
  }));
}

/**
 * Locks the company's memberships for the rest of the transaction, so two admins demoting
 * each other at once cannot leave the company without one.
 */
async function lockMemberships(tx: Tx, customerId: string) {
  await tx
    .select({ userId: customerUsers.userId })
    .from(customerUsers)
    .where(eq(customerUsers.customerId, customerId))
    .for('update');
}

/** Rows of `customerUsers` joined to `users` that are an active admin of the company. */
export const activeAdminsOf = (customerId: string) =>
  and(
    eq(customerUsers.customerId, customerId),
    eq(customerUsers.role, 'admin'),
    eq(customerUsers.active, true),
    eq(users.active, true),
  );

async function otherActiveAdmins(tx: Tx, customerId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(activeAdminsOf(customerId), ne(customerUsers.userId, userId)));
  return row?.n ?? 0;
}

/** Whether the user is an active admin of the company (active account and membership). */
export async function isActiveAdmin(db: Db | Tx, customerId: string, userId: string) {
  const [row] = await db
    .select({ n: count() })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(and(activeAdminsOf(customerId), eq(customerUsers.userId, userId)));
  return (row?.n ?? 0) > 0;
}

export async function isMember(db: Db | Tx, customerId: string, userId: string) {
  const n = await db.$count(
    customerUsers,
    and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, userId)),
  );
  return n > 0;
}

/** A new customer account, with the default notification switches (it joins a company next). */
export async function createCustomerAccount(
  tx: Tx,
  input: { email: string; firstName: string; lastName: string },
) {
  const [user] = await tx
    .insert(users)
    .values({ ...input, role: 'customer' })
    .returning();
  if (!user) throw new Error('user not created');
  await tx.insert(notificationPreferences).values({ userId: user.id });
  return user;
}

/**
 * Links an account to a company: once its owner said yes (an accepted invitation), or when
 * staff add them (services/invitations.ts). The row's `createdAt` is that moment, which bounds
 * what the company sees of the member's sign-ins. Linking twice changes nothing (undefined).
 */
export async function addMembership(
  tx: Tx,
  input: {
    userId: string;
    customerId: string;
    /** None given: the first member of a company runs it, later ones start as members (issue 18). */
    role: CompanyRole | undefined;
    invitedByUserId: string | null;
  },
): Promise<{ position: number; role: CompanyRole } | undefined> {
  const [link] = await tx
    .insert(customerUsers)
    .values({
      ...input,
      role:
        input.role ??
        sql`(case when exists (select 1 from ${customerUsers} where ${customerUsers.customerId} = ${input.customerId} and ${customerUsers.role} = 'admin' and ${customerUsers.active}) then 'member' else 'admin' end)::company_role`,
      // Appended after the user's other companies: the portal keeps showing the first one.
      position: sql`(select coalesce(max(${customerUsers.position}) + 1, 0) from ${customerUsers} where ${customerUsers.userId} = ${input.userId})`,
    })
    .onConflictDoNothing()
    .returning({ position: customerUsers.position, role: customerUsers.role });
  return link;
}

/**
 * A member leaves a company of their own accord (review N3): the membership row goes, and
 * with it the company's view of their sign-ins. The company keeps at least one active admin.
 */
export async function leaveCompany(
  tx: Tx,
  input: { customerId: string; actor: Actor },
): Promise<void> {
  const { customerId, actor } = input;
  await lockMemberships(tx, customerId);
  const [current] = await tx
    .select({ role: customerUsers.role, active: customerUsers.active })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, actor.id)));
  if (!current) throw notFound('You are not a member of this company');
  if (
    current.role === 'admin' &&
    current.active &&
    (await otherActiveAdmins(tx, customerId, actor.id)) === 0
  )
    throw conflict(LAST_ADMIN_MESSAGE);
  await tx
    .delete(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, actor.id)));
  await recordAudit(tx, actor, {
    action: 'member.leave',
    entityType: 'user',
    entityId: actor.id,
    customerId,
    details: { role: current.role },
  });
}

/**
 * Changes a member's role and/or (de)activates their membership. The company keeps at
 * least one active admin. The session cache forgets the account (database trigger), so the
 * member's next request already has the new role.
 */
export async function changeMember(
  tx: Tx,
  input: { customerId: string; userId: string; change: TeamMemberChange; actor: Actor },
): Promise<TeamMember> {
  const { customerId, userId, change, actor } = input;
  await lockMemberships(tx, customerId);
  const [current] = await tx
    .select({ role: customerUsers.role, active: customerUsers.active })
    .from(customerUsers)
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, userId)));
  if (!current) throw notFound('Colleague not found');
  const role = change.role ?? current.role;
  const active = change.active ?? current.active;
  const losesAdmin = current.role === 'admin' && current.active && (role !== 'admin' || !active);
  if (losesAdmin && (await otherActiveAdmins(tx, customerId, userId)) === 0)
    throw conflict(LAST_ADMIN_MESSAGE);
  await tx
    .update(customerUsers)
    .set({ role, active })
    .where(and(eq(customerUsers.customerId, customerId), eq(customerUsers.userId, userId)));
  const audits: { action: string; details: Record<string, unknown> }[] = [];
  if (role !== current.role)
    audits.push({ action: 'member.role', details: { from: current.role, to: role } });
  if (active !== current.active)
    audits.push({ action: active ? 'member.reactivate' : 'member.deactivate', details: {} });
  for (const a of audits)
    await recordAudit(tx, actor, {
      action: a.action,
      entityType: 'user',
      entityId: userId,
      customerId,
      details: a.details,
    });
  const member = (await listMembers(tx, customerId)).find((m) => m.userId === userId);
  if (!member) throw new Error('member not listed');
  return member;
}
