// Staff's second factor (issue 19): the messages and answers the server and the client share.
import { z } from 'zod';

export const SECOND_FACTOR_MESSAGES = {
  required: 'Confirm it is you with your passkey or authenticator app to open the workspace.',
  wrongCode: 'That code is not valid. Check your authenticator app and try again.',
  wrongRecoveryCode: 'That recovery code is not valid or was used already.',
  locked:
    'Too many wrong codes: authenticator and recovery codes are turned off for a day in every browser where you have not confirmed it is you before. Use one where you have, your passkey, or ask another staff member to reset your second factor.',
  lockedHere:
    'Too many wrong codes: authenticator and recovery codes are turned off in this browser for a day. Your other browsers are not affected.',
  noAuthenticator: 'Set up your authenticator app first.',
  enrolNotAllowed: 'You already have a second factor. Confirm it is you with it first.',
  alreadyEnrolled: 'Your authenticator app is set up already.',
  ownReset: 'You cannot reset your own second factor.',
  staffOnly: 'Only staff accounts use a second factor.',
} as const;

/** `GET /api/auth/second-factor`: what the signed-in staff member has set up. */
export const secondFactorStatusSchema = z.object({
  /** This session still needs its second factor. */
  pending: z.boolean(),
  passkeys: z.number().int(),
  /** A confirmed authenticator app. */
  totp: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
export type SecondFactorStatusAnswer = z.infer<typeof secondFactorStatusSchema>;

/** `POST /api/auth/second-factor/totp`: the secret to scan (QR code) or type (manual key). */
export const totpEnrolmentSchema = z.object({
  uri: z.string(),
  secret: z.string(),
  /** The otpauth:// URI as a QR code: an SVG `data:` URL for an img. */
  qrDataUrl: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.'),
});

export const secondFactorVerifySchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('totp'), code: totpCodeSchema.shape.code }),
  z.object({
    method: z.literal('recovery-code'),
    code: z.string().trim().min(1, 'Enter one of your recovery codes.').max(40),
  }),
]);
export type SecondFactorVerify = z.infer<typeof secondFactorVerifySchema>;

/** Recovery codes, answered once when they are made. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;
