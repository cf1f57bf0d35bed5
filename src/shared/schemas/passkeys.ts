// Passkeys (issue 19, docs/decisions/040-passkeys.md): what the profile lists and the shapes
// of the browser's WebAuthn answers, checked before the WebAuthn library reads them.
import { z } from 'zod';

export const PASSKEY_MESSAGES = {
  nameRequired: 'Give the passkey a name.',
  nameTooLong: 'A passkey name has at most 60 characters.',
  challengeGone: 'This passkey request has expired or was already used. Please try again.',
  notAccepted: 'That passkey was not accepted. Please try again.',
  unknown: 'This passkey is not registered with any account. Sign in with an e-mail link instead.',
  otherAccount: 'That passkey belongs to another account. Use a passkey of the signed-in account.',
  alreadyRegistered: 'This passkey is already registered.',
  enrolOnly:
    'Confirm it is you with your passkey or authenticator app before adding another passkey.',
} as const;

export const passkeyNameSchema = z
  .string()
  .trim()
  .min(1, PASSKEY_MESSAGES.nameRequired)
  .max(60, PASSKEY_MESSAGES.nameTooLong);

export const passkeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type Passkey = z.infer<typeof passkeySchema>;
export const passkeyListSchema = z.array(passkeySchema);

const base64url = z
  .string()
  .min(1)
  .max(16_384)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not base64url');
const transports = z.array(
  z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']),
);
const credentialFields = {
  id: base64url.max(1366),
  rawId: base64url.max(1366),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['cross-platform', 'platform']).optional(),
  clientExtensionResults: z.object({}).default({}),
};

/** The browser's answer to `navigator.credentials.create()`, as @simplewebauthn/browser sends it. */
export const registrationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    attestationObject: base64url,
    authenticatorData: base64url.optional(),
    transports: transports.max(7).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url.optional(),
  }),
});

/** The browser's answer to `navigator.credentials.get()`. */
export const authenticationResponseSchema = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url,
    authenticatorData: base64url,
    signature: base64url,
    userHandle: base64url.optional(),
  }),
});

export const registerPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});
export const renamePasskeySchema = z.object({ name: passkeyNameSchema });
export const passkeySignInSchema = z.object({ response: authenticationResponseSchema });
export const passkeySignInResultSchema = z.object({ landing: z.string() });
