import { responseTokens } from '../../shared/site-tokens.ts';

/**
 * A value the server wrote into this page's `<meta name>`. Undefined while prerendering,
 * when the tag is missing, or when it still holds the build's token (the Vite dev server
 * serves index.html as is).
 */
function fromServer(name: string, token: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const value = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return value && value !== token ? value : undefined;
}

/** This response's CSP nonce for style elements (docs/decisions/012-csp-style-nonce.md). */
export const cspNonce = () => fromServer('csp-nonce', responseTokens.cspNonce);

/**
 * False when the page came without a session cookie, so "who am I" would answer 401:
 * the client then knows it is signed out without asking (docs/decisions/013-session-hint.md).
 * False while prerendering too: the prerendered pages are the signed-out ones.
 */
export const mayBeSignedIn = () =>
  typeof document !== 'undefined' &&
  fromServer('session-hint', responseTokens.sessionHint) !== 'absent';

/**
 * A 401 from "who am I" cleared the session cookie (docs/decisions/013-session-hint.md): the
 * page's hint says so too, so what it chose by the hint (the public header's "Go to portal",
 * decision 049) reads signed out, and nothing asks again.
 */
export function forgetSessionHint(): void {
  document
    .querySelector<HTMLMetaElement>('meta[name="session-hint"]')
    ?.setAttribute('content', 'absent');
}
