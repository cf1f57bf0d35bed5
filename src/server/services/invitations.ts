// Inviting a user into a company, from both doors. A company admin's invitation (review N3,
// N9; ADR 046) links nothing: the address's owner accepts through the mailed link, and only
// then is a membership (and, for a new address, the account) created; every invite answers
// the same, whoever owns the address. Staff add a user at once (`addCompanyUser`), after
// confirming an address that belongs to another company's user.
import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, gt, gte, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { isoTimestamp } from '../db/json-list.ts';
import { auditLog, customerInvitations, customerUsers, customers, users } from '../db/schema.ts';
import { HttpError, badRequest, conflict, notFound, rethrowUnique } from '../lib/errors.ts';
import type { CompanyRole } from '../../shared/permissions.ts';
import {
  ALREADY_MEMBER_MESSAGE,
  INVITE_LIMIT_MESSAGE,
  MAX_INVITES_PER_DAY,
  STAFF_INVITE_MESSAGE,
  type Invitation,
} from '../../shared/schemas/team.ts';
import type {
  CompanyUser,
  inviteSchema,
  OtherCompanyOwner,
} from '../../shared/schemas/staff-customers.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { invitationMail } from './invitation-mail.tsx';
import { enqueueMail } from './mail-outbox.ts';
import { requireCompany } from './companies.ts';
import { addMembership, createCustomerAccount, isActiveAdmin, isMember } from './memberships.ts';
import { sha256 } from './sessions.ts';
import { welcomeMail } from './welcome-mail.tsx';

/** How long an invitation's link works. */
export const INVITATION_TTL_DAYS = 7;

const invitationColumns = {
  id: customerInvitations.id,
  email: customerInvitations.email,
  role: customerInvitations.role,
  invitedBy: sql<string | null>`(
    select btrim(i.first_name || ' ' || i.last_name) from users i
     where i.id = ${customerInvitations.invitedByUserId})`,
  sentAt: sql<string>`${isoTimestamp(customerInvitations.createdAt)}`,
  expiresAt: sql<string>`${isoTimestamp(customerInvitations.expiresAt)}`,
};

const userWithEmail = async (db: Db | Tx, email: string) =>
  (
    await db
      .select()
      .from(users)
      .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
      .limit(1)
  )[0];

/** A company's invitations not yet accepted or revoked (expired ones too: the admin may resend). */
export async function listInvitations(db: Db | Tx, customerId: string): Promise<Invitation[]> {
  return db
    .select(invitationColumns)
    .from(customerInvitations)
    .where(eq(customerInvitations.customerId, customerId))
    .orderBy(asc(customerInvitations.email));
}

/**
 * Invites an address into a company with a role, or renews its invitation (a new link, the
 * old one stops working). The answer and the stored invitation are the same whether the
 * address has an account, a staff one, a deactivated one or none; only an address that can
 * accept gets the mail. A company sends at most MAX_INVITES_PER_DAY a day (audit log: a
 * revoked invitation still counts).
 */
export async function inviteToCompany(
  tx: Tx,
  input: { customerId: string; email: string; role: CompanyRole; actor: Actor; appUrl: string },
): Promise<Invitation> {
  const email = input.email.trim().toLowerCase();
  // The company row serialises its admins' invites, so the daily count holds.
  const [company] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, input.customerId))
    .for('update');
  if (!company) throw notFound('Company not found');
  const [sent] = await tx
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.customerId, input.customerId),
        eq(auditLog.action, 'member.invite'),
        gt(auditLog.createdAt, sql`now() - interval '1 day'`),
      ),
    );
  if ((sent?.n ?? 0) >= MAX_INVITES_PER_DAY) throw new HttpError(429, INVITE_LIMIT_MESSAGE);
  const user = await userWithEmail(tx, email);
  // The company's own members are on its colleagues list already: saying so reveals nothing.
  if (user && (await isMember(tx, input.customerId, user.id)))
    throw conflict(ALREADY_MEMBER_MESSAGE);
  const token = randomBytes(32).toString('base64url');
  const values = {
    role: input.role,
    tokenHash: sha256(token),
    invitedByUserId: input.actor.id,
    expiresAt: sql`now() + make_interval(days => ${INVITATION_TTL_DAYS})`,
    createdAt: sql`now()`,
  };
  const [row] = await tx
    .insert(customerInvitations)
    .values({ customerId: input.customerId, email, ...values })
    .onConflictDoUpdate({
      target: [customerInvitations.customerId, customerInvitations.email],
      set: values,
    })
    .returning({ id: customerInvitations.id });
  if (!row) throw new Error('invitation not saved');
  if (!user || (user.role === 'customer' && user.active))
    await enqueueMail(
      tx,
      invitationMail({
        appUrl: input.appUrl,
        to: email,
        companyName: company.name,
        token,
        validDays: INVITATION_TTL_DAYS,
      }),
    );
  await recordAudit(tx, input.actor, {
    action: 'member.invite',
    entityType: 'invitation',
    entityId: row.id,
    customerId: input.customerId,
    details: { email, role: input.role },
  });
  const [invitation] = await tx
    .select(invitationColumns)
    .from(customerInvitations)
    .where(eq(customerInvitations.id, row.id));
  if (!invitation) throw new Error('invitation not listed');
  return invitation;
}

/** Withdraws a pending invitation: its link stops working. */
export async function revokeInvitation(
  tx: Tx,
  input: { customerId: string; invitationId: string; actor: Actor },
): Promise<void> {
  const [gone] = await tx
    .delete(customerInvitations)
    .where(
      and(
        eq(customerInvitations.id, input.invitationId),
        eq(customerInvitations.customerId, input.customerId),
      ),
    )
    .returning({ email: customerInvitations.email });
  if (!gone) throw notFound('Invitation not found');
  await recordAudit(tx, input.actor, {
    action: 'member.invite-revoke',
    entityType: 'invitation',
    entityId: input.invitationId,
    customerId: input.customerId,
    details: { email: gone.email },
  });
}

/** Names of the other companies a user belongs to, in their order. */
async function otherCompaniesOf(tx: Tx, userId: string, customerId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: customers.name })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(eq(customerUsers.userId, userId), ne(customerUsers.customerId, customerId)))
    .orderBy(asc(customerUsers.position));
  return rows.map((r) => r.name);
}

export type AddedCompanyUser =
  | { created: boolean; user: CompanyUser }
  /** Staff must see whose address it is and confirm before a user gains another company's data. */
  | OtherCompanyOwner;

/**
 * Staff add a user to a company at once (issue 20): a new address becomes a customer account,
 * an existing customer is linked after staff confirm they belong to other companies too. The
 * user is welcomed by mail.
 */
export async function addCompanyUser(
  tx: Tx,
  input: {
    customerId: string;
    invite: z.output<typeof inviteSchema>;
    actor: Actor;
    appUrl: string;
  },
): Promise<AddedCompanyUser> {
  const { customerId, invite, actor } = input;
  try {
    const company = await requireCompany(tx, customerId);
    const existing = await userWithEmail(tx, invite.email);
    let otherCompanies: string[] = [];
    let user = existing;
    if (user) {
      if (user.role === 'staff') throw conflict(STAFF_INVITE_MESSAGE);
      if (!user.active) throw conflict('This user is deactivated. Reactivate them first.');
      if (await isMember(tx, customerId, user.id)) throw conflict(ALREADY_MEMBER_MESSAGE);
      otherCompanies = await otherCompaniesOf(tx, user.id, customerId);
      if (otherCompanies.length > 0 && !invite.confirmOtherCompany) {
        const name = `${user.firstName} ${user.lastName}`.trim();
        return {
          owner: { name, companies: otherCompanies },
          message: `${user.email} belongs to ${name} of ${otherCompanies.join(', ')}. Confirm to add them to ${company.name} as well.`,
        };
      }
    } else {
      if (!invite.firstName || !invite.lastName) {
        throw badRequest('First and last name are required for a new user');
      }
      user = await createCustomerAccount(tx, {
        email: invite.email,
        firstName: invite.firstName,
        lastName: invite.lastName,
      });
    }
    const link = await addMembership(tx, {
      userId: user.id,
      customerId,
      role: invite.role,
      invitedByUserId: null,
    });
    if (!link) throw conflict(ALREADY_MEMBER_MESSAGE);
    await enqueueMail(
      tx,
      welcomeMail({
        appUrl: input.appUrl,
        to: user.email,
        firstName: user.firstName,
        companyName: company.name,
        invitedBy: actor.name,
        alsoIn: otherCompanies,
      }),
    );
    await recordAudit(tx, actor, {
      action: !existing
        ? 'user.invite'
        : otherCompanies.length > 0
          ? 'user.link-other-company'
          : 'user.link',
      entityType: 'user',
      entityId: user.id,
      customerId,
      details: {
        email: user.email,
        position: link.position,
        ...(otherCompanies.length > 0 ? { otherCompanies } : {}),
      },
    });
    return {
      created: !existing,
      user: {
        id: user.id,
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        active: user.active,
        memberActive: true,
        position: link.position,
        role: link.role,
      },
    };
  } catch (err) {
    return rethrowUnique(err, ALREADY_MEMBER_MESSAGE);
  }
}

/** What the link's page shows: the company and role, and whether names are needed. */
export type InvitationOffer = {
  companyName: string;
  role: CompanyRole;
  email: string;
  /** No account has the address yet: acceptance creates one with the names given. */
  newAccount: boolean;
};

async function openInvitation(db: Db | Tx, token: string, lock: boolean) {
  const query = db
    .select({
      id: customerInvitations.id,
      customerId: customerInvitations.customerId,
      email: customerInvitations.email,
      role: customerInvitations.role,
      invitedByUserId: customerInvitations.invitedByUserId,
      companyName: customers.name,
    })
    .from(customerInvitations)
    .innerJoin(customers, eq(customers.id, customerInvitations.customerId))
    .where(
      and(
        eq(customerInvitations.tokenHash, sha256(token)),
        gt(customerInvitations.expiresAt, sql`now()`),
      ),
    );
  const [invitation] = await (lock ? query.for('update', { of: customerInvitations }) : query);
  if (!invitation) return undefined;
  // An invitation speaks for the admin who sent it: once they are no active admin of the
  // company (deactivated, demoted, gone), it is void (third outside attack, issue 35: a
  // deactivated thief's invitation still made its holder an admin).
  if (
    !invitation.invitedByUserId ||
    !(await isActiveAdmin(db, invitation.customerId, invitation.invitedByUserId))
  )
    return undefined;
  const user = await userWithEmail(db, invitation.email);
  // Staff and deactivated accounts were never mailed; their invitation cannot be used.
  if (user && (user.role !== 'customer' || !user.active)) return undefined;
  return { invitation, user };
}

/** The invitation a link's token opens (valid, unexpired, for an address that may join). */
export async function findInvitation(
  db: Db | Tx,
  token: string,
): Promise<InvitationOffer | undefined> {
  const found = await openInvitation(db, token, false);
  if (!found) return undefined;
  const { invitation, user } = found;
  return { ...invitation, newAccount: !user };
}

export type AcceptResult =
  | { status: 'accepted'; email: string; companyName: string }
  | { status: 'invalid' }
  | { status: 'names-needed' };

/**
 * The invitee's yes, through the mailed link (which proves the address): creates the
 * membership, from now on (its start bounds what the company sees of their sign-ins), and for
 * a new address the account, with the names the invitee gave. The link works once.
 */
export async function acceptInvitation(
  tx: Tx,
  input: { token: string; firstName: string; lastName: string },
): Promise<AcceptResult> {
  const found = await openInvitation(tx, input.token, true);
  if (!found) return { status: 'invalid' };
  const { invitation } = found;
  let user = found.user;
  if (!user) {
    const firstName = input.firstName.trim();
    const lastName = input.lastName.trim();
    if (!firstName || !lastName) return { status: 'names-needed' };
    user = await createCustomerAccount(tx, { email: invitation.email, firstName, lastName });
  }
  await addMembership(tx, {
    userId: user.id,
    customerId: invitation.customerId,
    role: invitation.role,
    invitedByUserId: invitation.invitedByUserId,
  });
  await tx.delete(customerInvitations).where(eq(customerInvitations.id, invitation.id));
  const actor = {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`.trim(),
    email: user.email,
  };
  await recordAudit(tx, actor, {
    action: 'member.accept',
    entityType: 'user',
    entityId: user.id,
    customerId: invitation.customerId,
    details: { role: invitation.role, created: !found.user },
  });
  return { status: 'accepted', email: user.email, companyName: invitation.companyName };
}

/** What a report of a stolen session did to the account's invitations, for support to read. */
export type ReportedInvitations = {
  /** Pending invitations withdrawn, as "address (company)". */
  withdrawn: string[];
  /** Memberships the account's invitations created since `since`, as "address (company, role)". */
  accepted: string[];
};

/**
 * The owner reported a stolen session (outside attack, issue 35): every invitation the account
 * still has pending is withdrawn (nothing tells the owner's from the thief's, and the owner can
 * send them again), and the memberships its invitations created since `since` are listed for
 * support, who decide with the company (an accepted invitee may be a real colleague).
 */
export async function withdrawInvitationsOfReportedAccount(
  tx: Tx,
  owner: Actor,
  since: Date,
): Promise<ReportedInvitations> {
  const pending = await tx
    .select({
      id: customerInvitations.id,
      email: customerInvitations.email,
      customerId: customerInvitations.customerId,
      company: customers.name,
    })
    .from(customerInvitations)
    .innerJoin(customers, eq(customers.id, customerInvitations.customerId))
    .where(eq(customerInvitations.invitedByUserId, owner.id))
    .orderBy(asc(customerInvitations.createdAt));
  for (const invitation of pending) {
    await tx.delete(customerInvitations).where(eq(customerInvitations.id, invitation.id));
    await recordAudit(tx, owner, {
      action: 'member.invite-revoke',
      entityType: 'invitation',
      entityId: invitation.id,
      customerId: invitation.customerId,
      details: { email: invitation.email, reason: 'stolen session reported' },
    });
  }
  const accepted = await tx
    .select({ email: users.email, company: customers.name, role: customerUsers.role })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(eq(customerUsers.invitedByUserId, owner.id), gte(customerUsers.createdAt, since)))
    .orderBy(asc(customerUsers.createdAt));
  return {
    withdrawn: pending.map((i) => `${i.email} (${i.company})`),
    accepted: accepted.map((m) => `${m.email} (${m.company}, ${m.role})`),
  };
}
