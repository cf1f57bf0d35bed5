import type { FastifyInstance, RouteOptions } from 'fastify';
import { HttpError } from '../../lib/errors.ts';

/**
 * What a route needs of whoever calls it (issue 35, ADR 046). Every `/api` route declares
 * one; the session plugin's one hook enforces it before any other hook or handler runs.
 *
 * - `anonymous`: anyone; the route checks its own token or form (links in mail, public forms).
 * - `half-signed-in`: a session, even one whose second factor is still pending (the second
 *   factor's own routes, who-am-I, sign-out).
 * - `adding-a-factor`: a session signed in within RECENT_SIGN_IN_MS, second factor pending or
 *   done: adding a way to sign in (a passkey, an authenticator) from a stolen old session fails.
 * - `signed-in`: a session past every factor it needs.
 * - `recent-sign-in`: the same, signed in within RECENT_SIGN_IN_MS (identity changes).
 * - `staff`: a staff session past its second factor, or a staff API token within its scope.
 * - `staff-session`: the same without API tokens: what outlives a token's revocation or opens
 *   accounts (activation, adding users, tokens and webhooks).
 * - `staff-recent`: a staff session (no token) that passed its second factor within
 *   RECENT_SIGN_IN_MS: how a company's people sign in (SSO, policy) and second-factor resets.
 */
export const ASSURANCES = [
  'anonymous',
  'half-signed-in',
  'adding-a-factor',
  'signed-in',
  'recent-sign-in',
  'staff',
  'staff-session',
  'staff-recent',
] as const;
export type Assurance = (typeof ASSURANCES)[number];

/** How long after signing in (or passing the second factor) a session counts as recent. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (assurance.ts); required on every `/api` route. */
    assurance?: Assurance;
  }
}

/** Why the assurance hook refused; routes that answer with pages render their own text. */
export type Refusal = 'signed-out' | 'second-factor' | 'not-recent' | 'not-staff' | 'token';

/** A JSON `{ message }` like every HttpError, unless the route's error handler renders a page. */
export class AssuranceError extends HttpError {
  constructor(
    readonly refusal: Refusal,
    statusCode: number,
    message: string,
  ) {
    super(statusCode, message);
    this.name = 'AssuranceError';
  }
}

/** Routes whose assurance came from a scope: an inner scope's default replaces an outer one's. */
const defaulted = new WeakSet<RouteOptions>();

/** The assurance of every route the scope (and its inner scopes) add without declaring one. */
export function assure(scope: FastifyInstance, level: Assurance): void {
  scope.addHook('onRoute', (route) => {
    if (route.config?.assurance !== undefined && !defaulted.has(route)) return;
    route.config = { ...route.config, assurance: level };
    defaulted.add(route);
  });
}

/**
 * Fails the app's start when an `/api` route declares nothing: checked once every route
 * is in (a scope's `assure` runs after the app's own onRoute hooks).
 */
export function requireAssuranceDeclared(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api')) routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter((route) => !route.config?.assurance);
    if (missing.length > 0) {
      const names = missing.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`routes without an assurance: ${names}`);
    }
  });
}
