/**
 * Public pages are prerendered at build time, but the base URL and the help-center URL
 * are runtime configuration: the HTML carries these tokens and the server replaces them
 * once at startup (see docs/decisions/public-prerendering.md).
 */
export const siteTokens = {
  appUrl: '__APP_URL__',
  helpCenterUrl: '__HELP_CENTER_URL__',
} as const;
