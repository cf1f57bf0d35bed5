import { paths } from '../../shared/routes.ts';
import { siteTokens } from '../../shared/site-tokens.ts';

/**
 * The configured help-center URL. The server writes it into a `<meta>` of every page,
 * and the prerendered links carry the token it replaces, so hydration always matches.
 * Without it (the dev server), our own help center (ADR 078).
 */
export function helpCenterUrl(): string {
  if (typeof document === 'undefined') return siteTokens.helpCenterUrl;
  const fromServer = document
    .querySelector<HTMLMetaElement>('meta[name="help-center-url"]')
    ?.getAttribute('content');
  return fromServer && fromServer !== siteTokens.helpCenterUrl ? fromServer : paths.help;
}
