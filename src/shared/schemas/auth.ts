import { z } from 'zod';

import { companyRoles } from '../permissions.ts';
import { staffRoles } from '../staff-permissions.ts';
import { pageQuerySchema } from './paging.ts';

export const userRoles = ['customer', 'staff'] as const;

/** What the sign-in log records. */
export const signInEvents = ['sign-in', 'sign-out', 'failed-code'] as const;
export type SignInEvent = (typeof signInEvents)[number];
export const signInEventLabels: Record<SignInEvent, string> = {
  'sign-in': 'Signed in',
  'sign-out': 'Signed out',
  'failed-code': 'Wrong code',
};
/**
 * How a user signed in (issue 19): the first step (link, code, passkey, SSO) and, for staff,
 * the second (passkey, authenticator code, recovery code), each its own row in the log.
 */
export const signInMethods = ['link', 'code', 'passkey', 'totp', 'recovery-code', 'sso'] as const;
export type SignInMethod = (typeof signInMethods)[number];
export const signInMethodLabels: Record<SignInMethod, string> = {
  link: 'Sign-in link',
  code: 'Typed code',
  passkey: 'Passkey',
  totp: 'Authenticator code',
  'recovery-code': 'Recovery code',
  sso: 'Single sign-on',
};
/** A log row's method as read: single sign-on names its provider's host. */
export function describeSignInMethod(method: SignInMethod, issuer: string | null): string {
  if (method !== 'sso' || !issuer) return signInMethodLabels[method];
  try {
    return `${signInMethodLabels.sso} (${new URL(issuer).host})`;
  } catch {
    return signInMethodLabels.sso;
  }
}

/** The methods that prove a second factor for staff (a passkey also does it on its own). */
export const secondFactorMethods = [
  'passkey',
  'totp',
  'recovery-code',
] as const satisfies readonly SignInMethod[];
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/** One row of a sign-in log (profile: own; colleagues: the company's; staff: all). */
export const signInLogEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  event: z.enum(signInEvents),
  method: z.enum(signInMethods).nullable(),
  /** For single sign-on: the identity provider's issuer URL. */
  issuer: z.string().nullable(),
  ip: z.string().nullable(),
  browser: z.string().nullable(),
  os: z.string().nullable(),
  userName: z.string(),
  userEmail: z.string(),
});
export type SignInLogEntry = z.infer<typeof signInLogEntrySchema>;
export const signInLogSchema = z.array(signInLogEntrySchema);
/** The staff sign-in log's page (issue 20): `limit`, `cursor`, `q` on who and IP, `event`. */
export const staffSignInQuerySchema = pageQuerySchema({ event: signInEvents });

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
  /** Staff only (ADR 058): what the workspace shows and the staff guard allows. */
  staffRole: z.enum(staffRoles).optional(),
  /** The active memberships, in link order, each with the user's role in that company. */
  customers: z.array(z.object({ id: z.string(), name: z.string(), role: z.enum(companyRoles) })),
  notificationPreferences: notificationPreferencesSchema,
  previousSignInAt: z.string().nullable(),
  /** A new sign-in address waiting for its owner to confirm it (issue 13); `email` is still in use. */
  pendingEmail: z.string().nullable(),
  /**
   * Staff whose session has only passed the first step (issue 19): every `/api/staff/*` route
   * answers 401 until a passkey, authenticator or recovery code confirms it. False for customers.
   */
  secondFactorPending: z.boolean(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
