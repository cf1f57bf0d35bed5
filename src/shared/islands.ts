/**
 * The interactive parts of the prerendered public pages (docs/decisions/024-public-islands.md):
 * each is its own React root, prerendered on its own and hydrated on first use. The server
 * renders the form islands again to answer a form posted without JavaScript.
 */

/** What the server answers a form posted without JavaScript: the fields as typed, their messages, the outcome. */
export type FormAnswer = {
  values: Record<string, string>;
  /** The first message of each invalid field (spec section 5). */
  errors: Record<string, string>;
  notice?: { kind: 'success' | 'error'; title: string; text: string };
};

export type ContactIslandProps = { rows: 4 | 5; action: string; answer?: FormAnswer };
export type QuoteIslandProps = { service: string; action: string; answer?: FormAnswer };
export type IslandProps = { 'contact-form': ContactIslandProps; quote: QuoteIslandProps };
export type IslandName = keyof IslandProps;

/** The fragment of each form, so a posted form's answer opens where the form is. */
export const CONTACT_FORM_ANCHOR = 'contact-form';
export const QUOTE_FORM_ANCHOR = 'request-quote';

/** Closes each island's prerendered markup, so the server can replace it in a page. */
export const ISLAND_END = '<!--/island-->';

/** The whole container of island `name` in a page, from its opening tag to ISLAND_END. */
export const islandPattern = (name: IslandName) =>
  new RegExp(`<div data-island="${name}"[^>]*>[\\s\\S]*?${ISLAND_END}</div>`);

/** Renders one island with its container to HTML (the client's SSR build, dist/ssr). */
export type IslandRenderer = <N extends IslandName>(name: N, props: IslandProps[N]) => string;

/** useId's prefix inside an island: the same when prerendered alone and when hydrated alone. */
export const islandIdPrefix = (name: IslandName) => `${name}-`;
