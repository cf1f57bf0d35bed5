import { z } from 'zod';

export const userRoles = ['customer', 'staff'] as const;

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
  customers: z.array(z.object({ id: z.string(), name: z.string() })),
  notificationPreferences: notificationPreferencesSchema,
  previousSignInAt: z.string().nullable(),
  /** A new sign-in address waiting for its owner to confirm it (issue 13); `email` is still in use. */
  pendingEmail: z.string().nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;
