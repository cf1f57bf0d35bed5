import { STAFF_ROLE_MESSAGE, staffRoles } from '../staff-permissions.ts';
import { COMPANY_ROLE_MESSAGE, companyRoles } from '../permissions.ts';
import { z } from 'zod';
import { emailField, optionalText, requiredText } from './fields.ts';
import { pageQuerySchema } from './paging.ts';

/** A company as staff create and edit it. */
export const companySchema = z.object({
  name: requiredText('Company name is required', 200),
  email: z
    .union([z.literal(''), emailField()])
    .optional()
    .transform((v) => v || undefined),
  phone: optionalText(50),
  address: optionalText(500),
});
export type CompanyInput = z.input<typeof companySchema>;

export const companySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  address: z.string().nullable(),
  /** ISO 4217: the currency its invoices are drafted in (ADR 066). */
  currency: z.string(),
  userCount: z.number(),
  openTickets: z.number(),
});
export type CompanySummary = z.infer<typeof companySummarySchema>;

/** A company user's `?status=` on the staff users list: account and membership both on, or not. */
export const companyUserStatuses = ['active', 'inactive'] as const;

export const companyUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** The account: off, the person cannot sign in at all. */
  active: z.boolean(),
  /** The membership: off, the person keeps their account but loses this company (issue 18). */
  memberActive: z.boolean(),
  position: z.number(),
  /** Issue 18: the user's role in this company. */
  role: z.enum(companyRoles),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

/**
 * One company as its page reads it (issue 20): the summary only. Its users and projects
 * are paged lists of their own (`/customers/:id/users`, `/projects`, `/project-names`).
 */
export const companyDetailSchema = companySummarySchema;
export type CompanyDetail = z.infer<typeof companyDetailSchema>;

/** A project as the time and document forms' project picker lists it (by name). */
export const staffProjectNameSchema = z.object({ id: z.string(), name: z.string() });
export type StaffProjectName = z.infer<typeof staffProjectNameSchema>;

/**
 * Invite a user to a company by e-mail. Names are needed only when the address is new;
 * an existing user keeps the name they chose. An address of another company's user is
 * linked only with `confirmOtherCompany` (issue 13: never silently).
 */
export const inviteSchema = z.object({
  email: emailField(),
  firstName: optionalText(100),
  lastName: optionalText(100),
  confirmOtherCompany: z
    .boolean({ message: 'confirmOtherCompany must be true or false' })
    .optional(),
  /** Issue 18: the role in this company; by default admin for a company without one, else member. */
  role: z.enum(companyRoles, { message: COMPANY_ROLE_MESSAGE }).optional(),
});
export type InviteInput = z.input<typeof inviteSchema>;

/** The 409 of an invite whose address belongs to a user of other companies: who it is. */
export const otherCompanyOwnerSchema = z.object({
  message: z.string(),
  owner: z.object({ name: z.string(), companies: z.array(z.string()) }),
});
export type OtherCompanyOwner = z.infer<typeof otherCompanyOwnerSchema>;

export const userActiveSchema = z.object({
  active: z.boolean({ message: 'Active must be true or false' }),
});

export const staffMemberSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Whether the assignment rule gives them new tickets (ADR 063). */
  available: z.boolean(),
  role: z.enum(staffRoles),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** `PUT /api/staff/staff-members/:userId/role` (ADR 058). */
export const staffRoleChangeSchema = z.object({
  role: z.enum(staffRoles, { message: STAFF_ROLE_MESSAGE }),
});

/**
 * The companies list's page (issue 20): `q` over name, email and phone; `id` narrows it to
 * one company (the company picker reads the chosen company's name this way).
 */
export const companyQuerySchema = pageQuerySchema({}).extend({
  id: z.uuid('Company not found').optional(),
});
