/**
 * Public pages are prerendered at build time, but the base URL and the help-center URL
 * are runtime configuration: the HTML carries these tokens and the server replaces them
 * once at startup (see docs/decisions/008-public-prerendering.md).
 */
export const siteTokens = {
  appUrl: '__APP_URL__',
  helpCenterUrl: '__HELP_CENTER_URL__',
} as const;

/**
 * Filled in every HTML response, in `<meta>` tags of index.html: the CSP nonce of the
 * style elements the UI library injects (docs/decisions/012-csp-style-nonce.md) and whether
 * the request carried a session cookie (docs/decisions/013-session-hint.md).
 */
export const responseTokens = {
  cspNonce: '__CSP_NONCE__',
  sessionHint: '__SESSION_HINT__',
} as const;

/** The session hint's values: "absent" means no session cookie came with the page. */
export type SessionHint = 'present' | 'absent';
