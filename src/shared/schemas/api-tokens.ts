import { z } from 'zod';
import { requiredText } from './fields.ts';

/** What a personal API token may do on `/api/staff/*` (issue 21). */
export const apiTokenScopes = ['read', 'read-write'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];
export const apiTokenScopeLabels: Record<ApiTokenScope, string> = {
  read: 'Read only',
  'read-write': 'Read and write',
};

/** How long a new token lives, in days; there is no token without an end. */
export const API_TOKEN_DAYS = [7, 30, 90, 365] as const;
export const API_TOKEN_MAX_PER_USER = 20;

export const API_TOKEN_MESSAGES = {
  invalid: 'This API token is not valid, has expired or was revoked',
  readOnly: 'This API token may only read',
  /** Routes whose effect outlives a token (ADR 046): sign-in settings, access, tokens, webhooks. */
  sessionOnly: 'This is done in the staff workspace, signed in, not with an API token',
  tooMany: `You have ${API_TOKEN_MAX_PER_USER} active API tokens; revoke one first`,
  days: 'Choose how long the token lives',
} as const;

export const createApiTokenSchema = z.object({
  name: requiredText('Name is required', 80),
  scope: z.enum(apiTokenScopes, { message: 'Choose what the token may do' }),
  days: z.coerce
    .number({ message: API_TOKEN_MESSAGES.days })
    .refine((d) => (API_TOKEN_DAYS as readonly number[]).includes(d), API_TOKEN_MESSAGES.days),
});
export type CreateApiTokenInput = z.input<typeof createApiTokenSchema>;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(apiTokenScopes),
  /** The token's first characters, to recognise it; the rest is never shown again. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** The answer to creating a token: the only time the whole token is shown. */
export const createdApiTokenSchema = apiTokenSchema.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof createdApiTokenSchema>;
