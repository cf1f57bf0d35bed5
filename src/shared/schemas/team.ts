import { z } from 'zod';
import { emailField, optionalText } from './fields.ts';
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

/** A company admin invites by e-mail with a role; names only for a new address. */
export const teamInviteSchema = z.object({
  email: emailField(),
  firstName: optionalText(100),
  lastName: optionalText(100),
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

export const LAST_ADMIN_MESSAGE = 'A company needs at least one active admin';
export const STAFF_INVITE_MESSAGE = 'Staff accounts cannot be added to a company';
export const ALREADY_MEMBER_MESSAGE = 'This user already belongs to this company';
