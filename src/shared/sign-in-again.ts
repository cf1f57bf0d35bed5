/**
 * The refusal of an identity change from a session older than ten minutes (issue 35). Kept
 * apart from the auth schemas: every signed-in page's first script reads it, without zod.
 */
export const SIGN_IN_AGAIN_MESSAGE =
  'For your security, sign in again first: this needs a sign-in within the last 10 minutes.';
