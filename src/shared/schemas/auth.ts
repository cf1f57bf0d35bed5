import { z } from 'zod';

import { companyRoles } from '../permissions.ts';

export const userRoles = ['customer', 'staff'] as const;

/** What the sign-in log records. */
export const signInEvents = ['sign-in', 'sign-out', 'failed-code'] as const;
export type SignInEvent = (typeof signInEvents)[number];
export const signInEventLabels: Record<SignInEvent, string> = {
  'sign-in': 'Signed in',
  'sign-out': 'Signed out',
  'failed-code': 'Wrong code',
};
/** How a user signed in; passkeys, TOTP and SSO join this list when they come. */
export const signInMethods = ['link', 'code'] as const;
export type SignInMethod = (typeof signInMethods)[number];
export const signInMethodLabels: Record<SignInMethod, string> = {
  link: 'Sign-in link',
  code: 'Typed code',
};

/** One row of a sign-in log (profile: own; colleagues: the company's; staff: all). */
export const signInLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  event: z.enum(signInEvents),
  method: z.enum(signInMethods).nullable(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  userName: z.string(),
  userEmail: z.string(),
});
export type SignInLogEntry = z.infer<typeof signInLogEntrySchema>;
export const signInLogSchema = z.array(signInLogEntrySchema);

export const notificationPreferencesSchema = z.object({
  emailInvoices: z.boolean(),
  emailProjects: z.boolean(),
  emailTickets: z.boolean(),
  emailMaintenance: z.boolean(),
  smsUrgent: z.boolean(),
  smsTickets: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

/** `GET /api/auth/user` (spec section 3 "User", plus what the profile screen needs). */
export const currentUserSchema = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  profileImageUrl: z.string().nullable(),
  role: z.enum(userRoles),
  /** The active memberships, in link order, each with the user's role in that company. */
  customers: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(companyRoles) })),
  notificationPreferences: notificationPreferencesSchema,
  previousSignInAt: z.string().nullable(),
  /** A new sign-in address waiting for its owner to confirm it (issue 13); `email` is still in use. */
  pendingEmail: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
