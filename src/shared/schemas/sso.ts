// Single sign-on per customer company and the company sign-in policy (issue 19 items 3-4,
// docs/decisions/042-single-sign-on.md).
import { z } from 'zod';

/** How a company's users may sign in: `any` keeps magic links; the others refuse them. */
export const signInPolicies = ['any', 'passkey', 'sso'] as const;
export type SignInPolicy = (typeof signInPolicies)[number];
export const signInPolicyLabels: Record<SignInPolicy, string> = {
  any: 'Any method (email link, code, passkey or single sign-on)',
  passkey: 'Passkey required',
  sso: 'Single sign-on required',
};

export const SSO_MESSAGES = {
  policyNeedsSso: 'Single sign-on must be configured and enabled before it can be required.',
  domainTaken: 'This domain already belongs to another company.',
  secretRequired: 'Client secret is required',
  issuerScheme:
    'Issuer URL must start with https:// (http:// only for localhost outside production)',
  issuerPrivate:
    'This issuer URL points to a private, loopback or link-local address; the identity provider must be on the public internet',
} as const;

export const signInPolicyBodySchema = z.object({
  policy: z.enum(signInPolicies, {
    message: `Policy must be one of: ${signInPolicies.join(', ')}`,
  }),
});
export const signInPolicySchema = signInPolicyBodySchema.extend({
  /** Whether `sso` may be chosen: single sign-on is configured and enabled. */
  ssoAvailable: z.boolean(),
});
export type SignInPolicyView = z.infer<typeof signInPolicySchema>;

const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** What staff save on a company; an empty client secret keeps the stored one. */
export const ssoSettingsInputSchema = z.object({
  issuer: z.string().trim().min(1, 'Issuer URL is required').max(500, 'Issuer URL is too long'),
  clientId: z.string().trim().min(1, 'Client id is required').max(300, 'Client id is too long'),
  clientSecret: z.string().max(1000, 'Client secret is too long').optional().default(''),
  domains: z
    .array(z.string().trim().toLowerCase().regex(DOMAIN, 'Each domain must look like example.com'))
    .min(1, 'Give at least one e-mail domain')
    .max(20, 'At most 20 domains')
    .transform((list) => [...new Set(list)]),
  allowJoin: z.boolean({ message: 'Allow joining must be true or false' }),
  enabled: z.boolean({ message: 'Enabled must be true or false' }),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsInputSchema>;

/** What every GET answers: never the client secret, only whether one is stored. */
export const ssoSettingsSchema = z.object({
  configured: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  hasClientSecret: z.boolean(),
  domains: z.array(z.string()),
  allowJoin: z.boolean(),
  enabled: z.boolean(),
  policy: z.enum(signInPolicies),
  /** Where the identity provider must send people back (to register with the provider). */
  redirectUri: z.string(),
});
export type SsoSettings = z.infer<typeof ssoSettingsSchema>;

/** The login screen's discovery answer: which company's sign-in the typed address can use. */
export const ssoDiscoverySchema = z.object({
  company: z.string().nullable(),
  startUrl: z.string().nullable(),
});
