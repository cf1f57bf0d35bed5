import { z } from 'zod';
import { emailField } from './fields.ts';
import { COMPANY_ROLE_MESSAGE, companyRoles } from '../permissions.ts';

/** A colleague as the colleagues screen (and staff's company page) lists them (issue 18). */
export const teamMemberSchema = z.object({
  userId: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  /** False when the membership or the whole account is deactivated. */
  active: z.boolean(),
  lastSignInAt: z.string().nullable(),
  invitedBy: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamListSchema = z.array(teamMemberSchema);

const roleField = z.enum(companyRoles, { message: COMPANY_ROLE_MESSAGE });

/**
 * A company admin invites an address with a role (review N3, N9): no names, the invitee
 * gives their own on acceptance, so an inviter's text never reaches the mail.
 */
export const teamInviteSchema = z.object({
  email: emailField(),
  role: roleField,
});
export type TeamInviteInput = z.input<typeof teamInviteSchema>;
export type TeamInputRole = TeamInviteInput['role'];

/** Change a colleague's role, or (de)activate their membership; at least one of the two. */
export const teamMemberChangeSchema = z
  .object({
    role: roleField.optional(),
    active: z.boolean({ message: 'Active must be true or false' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.active !== undefined, {
    message: 'Give a role or active',
  });
export type TeamMemberChange = z.infer<typeof teamMemberChangeSchema>;

/**
 * A pending invitation as its company sees it: the address it went to, never anything of an
 * account that may have that address. The answer to every invite, whoever owns the address.
 */
export const invitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(companyRoles),
  invitedBy: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListSchema = z.array(invitationSchema);

/** Invitations one company may send a day (review N9), beside the per-address rate limit. */
export const MAX_INVITES_PER_DAY = 50;
export const INVITE_LIMIT_MESSAGE = `A company can send ${MAX_INVITES_PER_DAY} invitations a day. Please try again tomorrow.`;

export const LAST_ADMIN_MESSAGE = 'A company needs at least one active admin';
export const STAFF_INVITE_MESSAGE = 'Staff accounts cannot be added to a company';
export const ALREADY_MEMBER_MESSAGE = 'This user already belongs to this company';
