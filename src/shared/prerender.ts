/** Where the build puts prerendered pages inside the client folder (never served as files). */
export const PRERENDER_DIR = '_prerender';
export const NOT_FOUND_PAGE = '/__not-found__';
export const SHELL_PAGE = '/__shell__';
/** The shell of the portal's paths: the same, with the portal's first code preloaded (issue 42). */
export const PORTAL_SHELL_PAGE = '/__portal-shell__';

/** The file of a prerendered route, relative to the client folder: `/services/x` -> `_prerender/services/x.html`. */
export function prerenderFile(route: string): string {
  if (route === SHELL_PAGE) return `${PRERENDER_DIR}/shell.html`;
  if (route === PORTAL_SHELL_PAGE) return `${PRERENDER_DIR}/portal-shell.html`;
  if (route === NOT_FOUND_PAGE) return `${PRERENDER_DIR}/404.html`;
  return `${PRERENDER_DIR}${route === '/' ? '/index' : route}.html`;
}
