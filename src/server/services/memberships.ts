// Who belongs to a company, with which role (issue 18): the rules of the colleagues screen
// and of staff's company page, once, whichever door calls them.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { customerUsers, customers, notificationPreferences, signIns, users } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { enqueueMail } from './mail-outbox.ts';
import { welcomeMail } from './welcome-mail.tsx';
import type { CompanyRole } from '../../shared/permissions.ts';
import {
  ALREADY_MEMBER_MESSAGE,
  LAST_ADMIN_MESSAGE,
  STAFF_INVITE_MESSAGE,
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
         where ${signIns.userId} = ${users.id} and ${signIns.event} = 'sign-in')`,
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

async function otherActiveAdmins(tx: Tx, customerId: string, userId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(
      and(
        eq(customerUsers.customerId, customerId),
        ne(customerUsers.userId, userId),
        eq(customerUsers.role, 'admin'),
        eq(customerUsers.active, true),
        eq(users.active, true),
      ),
    );
  return row?.n ?? 0;
}

export type InviteMember = {
  customerId: string;
  email: string;
  firstName?: string | undefined;
  lastName?: string | undefined;
  role: CompanyRole;
  actor: Actor;
  appUrl: string;
  /** The inviter's company for the mail: set when a company admin invites (not staff). */
  inviterCompany?: string;
};

/**
 * Adds a user (new or existing) to a company with a role and mails them a sign-in link
 * naming the company and the inviter. An existing user's other companies are not revealed
 * to the inviter. Staff addresses are refused.
 */
export async function inviteMember(tx: Tx, input: InviteMember): Promise<TeamMember> {
  const [company] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, input.customerId));
  if (!company) throw notFound('Company not found');
  const [existing] = await tx
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
    .limit(1);
  let user = existing;
  if (user) {
    if (user.role === 'staff') throw conflict(STAFF_INVITE_MESSAGE);
    if (!user.active) throw conflict('This account is deactivated. Ask the service desk.');
  } else {
    if (!input.firstName || !input.lastName)
      throw badRequest('First and last name are required for a new user');
    [user] = await tx
      .insert(users)
      .values({
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'customer',
      })
      .returning();
    if (!user) throw new Error('user not created');
    await tx.insert(notificationPreferences).values({ userId: user.id });
  }
  const [link] = await tx
    .insert(customerUsers)
    .values({
      userId: user.id,
      customerId: input.customerId,
      role: input.role,
      invitedByUserId: input.actor.id,
      // Appended after the user's other companies: the portal keeps showing the first one.
      position: sql`(select coalesce(max(${customerUsers.position}) + 1, 0) from ${customerUsers} where ${customerUsers.userId} = ${user.id})`,
    })
    .onConflictDoNothing()
    .returning({ position: customerUsers.position });
  if (!link) throw conflict(ALREADY_MEMBER_MESSAGE);
  await enqueueMail(
    tx,
    welcomeMail({
      appUrl: input.appUrl,
      to: user.email,
      firstName: user.firstName,
      companyName: company.name,
      invitedBy: input.actor.name,
      ...(input.inviterCompany ? { inviterCompany: input.inviterCompany } : {}),
    }),
  );
  await recordAudit(tx, input.actor, {
    action: 'member.invite',
    entityType: 'user',
    entityId: user.id,
    customerId: input.customerId,
    details: { email: user.email, role: input.role, created: !existing },
  });
  const member = (await listMembers(tx, input.customerId)).find((m) => m.userId === user.id);
  if (!member) throw new Error('member not listed');
  return member;
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
