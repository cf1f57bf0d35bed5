import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { HttpError, unauthorized } from '../../lib/errors.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';
import { findSessionAccount } from '../../services/current-user.ts';
import { SessionCache, type CachedAccount } from './session-cache.ts';
import { companyAccessOf } from './company-access.ts';
import { clearOnWrites } from '../clear-on-writes.ts';
import { SESSION_ABSOLUTE_MS, sha256 } from '../../services/sessions.ts';
import { findTokenAccount } from '../../services/api-tokens.ts';
import { API_TOKEN_MESSAGES, type ApiTokenScope } from '../../../shared/schemas/api-tokens.ts';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/second-factor.ts';
import { SIGN_IN_AGAIN_MESSAGE } from '../../../shared/sign-in-again.ts';
import {
  AssuranceError,
  RECENT_SIGN_IN_MS,
  requireAssuranceDeclared,
  type Assurance,
} from './assurance.ts';
import { requireStaffArea, requireStaffAreaDeclared } from './staff-area.ts';

type TokenAccount = NonNullable<Awaited<ReturnType<typeof findTokenAccount>>>;

/** The channel the database's triggers notify when an account changes (migration 0002). */
const AUTH_CHANGED = 'auth_changed';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the assurance hook (and by `loadUser`). */
    user: CurrentUser | null;
    /** Loads the signed-in user's account once per request; null when signed out. */
    loadUser(): Promise<CurrentUser | null>;
    /** The same account as the JSON text of `GET /api/auth/user`; null when signed out. */
    loadUserJson(): Promise<string | null>;
    /** Set by the assurance hook when a staff route was called with an API token. */
    apiToken: { scope: ApiTokenScope } | null;
    /**
     * The `Authorization: Bearer` API token's id and account, verified once per request (the
     * read limit asks before the staff guard does); null without a header or a valid token.
     */
    loadApiToken(): Promise<TokenAccount | null>;
    /**
     * The route's assurance and company access decided again from the database's present
     * state: a write calls it once its body has arrived, which may be minutes after the
     * guards first ran (outside attack of 2026-11-28, F1: a revoked token, an ended session
     * or a removed membership still wrote).
     */
    reauthorize(): Promise<void>;
  }
  interface FastifyReply {
    /** The cookie of a session just stored; cached accounts are forgotten. */
    setSessionCookie(rawId: string): FastifyReply;
    /** Ends the cookie of a session just deleted; cached accounts are forgotten. */
    clearSessionCookie(): FastifyReply;
  }
  interface FastifyInstance {
    sessionCookieName: string;
    /** The raw session id from the signed cookie, or null. */
    readSessionId(request: FastifyRequest): string | null;
    /** The 401 to throw for a request without a usable session; clears a stale cookie. */
    signedOut(request: FastifyRequest, reply: FastifyReply): Error;
  }
}

export function sessionCookieName(appUrl: string): string {
  return hostCookieName(appUrl, 'sid');
}

/** A cookie's name: `__Host-` over HTTPS (no Domain, Path=/, Secure), plain otherwise. */
export function hostCookieName(appUrl: string, name: string): string {
  return appUrl.startsWith('https:') ? `__Host-${name}` : name;
}

/** Cookie-backed, database-stored sessions and the guards every protected route uses. */
export const sessionPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const secure = config.appUrl.startsWith('https:');
  const name = sessionCookieName(config.appUrl);
  await app.register(cookie, { secret: config.sessionSecrets });

  app.decorate('sessionCookieName', name);
  app.decorate('readSessionId', (request: FastifyRequest) => {
    const raw = request.cookies[name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  });

  const cache = new SessionCache();
  const unlisten = await app.database.listen(AUTH_CHANGED, {
    notify: () => cache.clear(),
    listening: (on) => cache.setEnabled(on),
  });
  app.addHook('onClose', unlisten);
  // Notices from the database arrive a moment after the write, so this server's own writes
  // clear at once, before their answer leaves: routes of any method but GET/HEAD here (on
  // those routes only, so reads pay nothing), and the GETs that start or end a session in
  // the cookie decorators below.
  clearOnWrites(app, () => cache.clear());

  /** The account behind a signed session cookie, from the cache or the database. */
  async function accountFor(request: FastifyRequest): Promise<CachedAccount | null> {
    const cookie = request.cookies[name];
    if (!cookie) return null;
    const now = Date.now();
    const cached = cache.get(cookie, now);
    if (cached) return cached;
    const rawId = app.readSessionId(request);
    if (!rawId) return null;
    const readAt = cache.generation;
    const found = await findSessionAccount(app.db, sha256(rawId), new Date(now));
    if (found) cache.set(cookie, found, readAt);
    return found;
  }

  app.decorateRequest('user', null);
  // The company guard's decision (company-access.ts), on company routes only.
  app.decorateRequest('company', null);
  const account = Symbol('account');
  type WithAccount = FastifyRequest & { [account]?: CachedAccount | null };
  async function loadAccount(request: WithAccount): Promise<CachedAccount | null> {
    if (request[account] === undefined) {
      request[account] = await accountFor(request);
      request.user = request[account]?.user ?? null;
    }
    return request[account];
  }
  app.decorateRequest('loadUser', async function (this: FastifyRequest) {
    return (await loadAccount(this))?.user ?? null;
  });
  app.decorateRequest('loadUserJson', async function (this: FastifyRequest) {
    const found = await loadAccount(this);
    if (!found) return null;
    // Written once per cached account: the account is plain JSON data already.
    found.json ??= JSON.stringify(found.user);
    return found.json;
  });

  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'lax', secure } as const;
  app.decorateReply('setSessionCookie', function (this: FastifyReply, rawId: string) {
    cache.clear();
    return this.setCookie(name, rawId, {
      ...cookieOptions,
      signed: true,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    cache.clear();
    return this.clearCookie(name, cookieOptions);
  });

  /**
   * A 401 takes a cookie that no longer opens a session with it: pages tell the client
   * whether a session cookie came with them (docs/decisions/013-session-hint.md), so an
   * ended session costs one failed "who am I" call, not one per page. Not a session change:
   * nothing in the database moved.
   */
  function signedOut(request: FastifyRequest, reply: FastifyReply) {
    if (request.cookies[name] !== undefined) reply.clearCookie(name, cookieOptions);
  }
  app.decorate('signedOut', (request: FastifyRequest, reply: FastifyReply) => {
    signedOut(request, reply);
    return unauthorized();
  });
  app.decorateRequest('apiToken', null);
  const tokenAccount = Symbol('tokenAccount');
  type WithToken = FastifyRequest & { [tokenAccount]?: Promise<TokenAccount | null> };
  async function verifyToken(authorization: string | undefined) {
    const [kind, token] = authorization?.trim().split(/\s+/, 2) ?? [];
    return kind?.toLowerCase() === 'bearer' && token ? findTokenAccount(app.db, token) : null;
  }
  app.decorateRequest('loadApiToken', function (this: WithToken) {
    this[tokenAccount] ??= verifyToken(this.headers.authorization);
    return this[tokenAccount];
  });
  /** The API token's account; a token that does not work is a 401, never a fall-back to the cookie. */
  async function loadTokenAccount(request: WithAccount) {
    const found = await request.loadApiToken();
    if (!found) throw new HttpError(401, API_TOKEN_MESSAGES.invalid);
    if (found.scope === 'read' && request.method !== 'GET' && request.method !== 'HEAD') {
      throw new HttpError(403, API_TOKEN_MESSAGES.readOnly);
    }
    request[account] = { user: found.user, recheckAt: 0, verifiedAt: 0 };
    request.user = found.user;
    request.apiToken = { scope: found.scope };
    return found.user;
  }

  /** The one check of every route's declared assurance (assurance.ts); `reply` null: no cookie to clear. */
  async function enforce(request: WithAccount, reply: FastifyReply | null, level: Assurance) {
    const staffOnly = level === 'staff' || level === 'staff-session' || level === 'staff-recent';
    if (staffOnly && request.headers.authorization !== undefined) {
      if (level !== 'staff') {
        throw new AssuranceError('token', 403, API_TOKEN_MESSAGES.sessionOnly);
      }
      return requireStaffArea(request, await loadTokenAccount(request));
    }
    const found = await loadAccount(request);
    if (!found) {
      if (reply) signedOut(request, reply);
      throw new AssuranceError('signed-out', 401, 'Unauthorized');
    }
    if (staffOnly && found.user.role !== 'staff') {
      throw new AssuranceError('not-staff', 403, 'Forbidden');
    }
    const recent = Date.now() - found.verifiedAt <= RECENT_SIGN_IN_MS;
    if (level === 'adding-a-factor' && !recent) {
      throw new AssuranceError('not-recent', 403, SIGN_IN_AGAIN_MESSAGE);
    }
    if (level === 'half-signed-in' || level === 'adding-a-factor') return;
    // Not signedOut: the cookie stays, it is the session the second factor will complete.
    if (found.user.secondFactorPending) {
      throw new AssuranceError('second-factor', 401, SECOND_FACTOR_MESSAGES.required);
    }
    if ((level === 'recent-sign-in' || level === 'staff-recent') && !recent) {
      throw new AssuranceError('not-recent', 403, SIGN_IN_AGAIN_MESSAGE);
    }
    if (staffOnly) requireStaffArea(request, found.user);
  }
  // After every onRequest hook (the read limit counts a refused caller too), before the
  // body is read: nothing a caller sends is parsed for a route they may not call.
  app.addHook('preParsing', async (request, reply) => {
    const level = request.routeOptions.config.assurance;
    if (level && level !== 'anonymous') await enforce(request, reply, level);
  });

  app.decorateRequest('reauthorize', async function (this: WithAccount & WithToken) {
    const level = this.routeOptions.config.assurance;
    if (!level || level === 'anonymous') return;
    this[account] = undefined;
    this[tokenAccount] = undefined;
    await enforce(this, null, level);
    if (this.company) this.company = companyAccessOf(this, this.user);
  });
  // A body read after the guards (JSON here; multipart in its handler, `withAttachments`).
  app.addHook('preHandler', async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') await request.reauthorize();
  });
  requireAssuranceDeclared(app);
  requireStaffAreaDeclared(app);
});
