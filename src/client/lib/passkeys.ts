// The browser side of passkeys (docs/decisions/040-passkeys.md): @simplewebauthn/browser
// between our options and verify calls. No React and no app imports, so the server-rendered
// sign-in page's small script can carry it too.
import {
  WebAuthnError,
  browserSupportsWebAuthn,
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';
import type { Passkey } from '../../shared/schemas/passkeys.ts';

export { browserSupportsWebAuthn as passkeysSupported };
export { browserSupportsWebAuthnAutofill as passkeyAutofillSupported };

/** A refusal worth showing: the server's message, or what the browser could not do. */
export class PasskeyError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PasskeyError';
  }
}

const NOT_DONE = 'The passkey could not be used. Please try again.';

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    credentials: 'include',
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message =
      data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
        ? data.message
        : NOT_DONE;
    throw new PasskeyError(message, res.status);
  }
  return data as T;
}

/**
 * True when the person closed the browser's dialog, or a newer ceremony replaced this one:
 * nothing to report. Browsers say NotAllowedError for both a cancel and a timeout.
 */
function wasCancelled(error: unknown): boolean {
  if (error instanceof WebAuthnError) {
    return error.code === 'ERROR_CEREMONY_ABORTED' || error.name === 'NotAllowedError';
  }
  return (
    error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')
  );
}

function browserMessage(error: unknown): string {
  if (error instanceof WebAuthnError && error.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')
    return 'This passkey is already registered.';
  if (error instanceof WebAuthnError && error.code === 'ERROR_INVALID_DOMAIN')
    return 'Passkeys do not work at this address. Open the portal at its usual address.';
  return NOT_DONE;
}

/** Creates a passkey on this device and saves it under `name`; null when the person cancelled. */
export async function registerPasskey(name: string): Promise<Passkey | null> {
  const optionsJSON = await postJson<Parameters<typeof startRegistration>[0]['optionsJSON']>(
    '/api/auth/passkeys/registration-options',
  );
  let response: Awaited<ReturnType<typeof startRegistration>>;
  try {
    response = await startRegistration({ optionsJSON });
  } catch (error) {
    if (wasCancelled(error)) return null;
    throw new PasskeyError(browserMessage(error));
  }
  return postJson<Passkey>('/api/auth/passkeys', { name, response });
}

/**
 * Signs in with a passkey (signed out), or confirms the signed-in staff member's second factor
 * (same account only). `autofill` waits for a pick from the e-mail field's suggestions
 * (conditional mediation) instead of opening a dialog. Where to go next; null when cancelled.
 * The autofill wait starts on arrival, before the person did anything: until they pick a
 * passkey, whatever fails there (the options call, a browser without an authenticator) is
 * nothing to tell them; only the server's refusal of a picked passkey is.
 */
export async function signInWithPasskey({
  autofill = false,
}: { autofill?: boolean } = {}): Promise<{ landing: string } | null> {
  let response: Awaited<ReturnType<typeof startAuthentication>>;
  try {
    const optionsJSON = await postJson<Parameters<typeof startAuthentication>[0]['optionsJSON']>(
      '/api/auth/passkey-sign-in/options',
    );
    response = await startAuthentication({ optionsJSON, useBrowserAutofill: autofill });
  } catch (error) {
    if (autofill || wasCancelled(error)) return null;
    throw error instanceof PasskeyError ? error : new PasskeyError(browserMessage(error));
  }
  return postJson<{ landing: string }>('/api/auth/passkey-sign-in', { response });
}

/** The message to show for a failed passkey call. */
export const passkeyErrorMessage = (error: unknown) =>
  error instanceof PasskeyError ? error.message : NOT_DONE;
