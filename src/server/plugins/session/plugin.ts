import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';
import { findSessionAccount } from './current-user.ts';
import { SessionCache } from './session-cache.ts';
import { SESSION_ABSOLUTE_MS, sha256 } from './sessions.ts';

/** The channel the database's triggers notify when an account changes (migration 0002). */
const AUTH_CHANGED = 'auth_changed';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireUser` (and the guards built on it). */
    user: CurrentUser | null;
    /** Loads the signed-in user's account once per request; null when signed out. */
    loadUser(): Promise<CurrentUser | null>;
  }
  interface FastifyReply {
    /** The cookie of a session just stored; cached accounts are forgotten. */
    setSessionCookie(rawId: string): FastifyReply;
    /** Ends the cookie of a session just deleted; cached accounts are forgotten. */
    clearSessionCookie(): FastifyReply;
  }
  interface FastifyInstance {
    sessionCookieName: string;
    /** onRequest hook: 401 unless signed in. */
    requireUser(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** onRequest hook: 401 unless signed in, 403 unless staff. */
    requireStaff(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /** The raw session id from the signed cookie, or null. */
    readSessionId(request: FastifyRequest): string | null;
    /** The 401 to throw for a request without a usable session; clears a stale cookie. */
    signedOut(request: FastifyRequest, reply: FastifyReply): Error;
  }
}

export function sessionCookieName(appUrl: string): string {
  return appUrl.startsWith('https:') ? '__Host-sid' : 'sid';
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
  // clear at once, before their answer leaves: any method but GET/HEAD here, and the GETs
  // that start or end a session in the cookie decorators below.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') cache.clear();
    return payload;
  });

  async function accountFor(rawId: string): Promise<CurrentUser | null> {
    const idHash = sha256(rawId);
    const now = Date.now();
    const cached = cache.get(idHash, now);
    if (cached) return cached;
    const readAt = cache.generation;
    const found = await findSessionAccount(app.db, idHash, new Date(now));
    if (!found) return null;
    cache.set(idHash, found, readAt);
    return found.user;
  }

  app.decorateRequest('user', null);
  const loaded = Symbol('userLoaded');
  app.decorateRequest('loadUser', async function (this: FastifyRequest) {
    const self = this as FastifyRequest & { [loaded]?: boolean };
    if (self[loaded]) return self.user;
    const rawId = app.readSessionId(this);
    self.user = rawId ? await accountFor(rawId) : null;
    self[loaded] = true;
    return self.user;
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
   * 401, taking a cookie that no longer opens a session with it: pages tell the client
   * whether a session cookie came with them (docs/decisions/session-hint.md), so an
   * ended session costs one failed "who am I" call, not one per page.
   */
  app.decorate('signedOut', (request: FastifyRequest, reply: FastifyReply) => {
    // Not a session change: nothing in the database moved.
    if (request.cookies[name] !== undefined) reply.clearCookie(name, cookieOptions);
    return unauthorized();
  });
  app.decorate('requireUser', async (request: FastifyRequest, reply: FastifyReply) => {
    if (!(await request.loadUser())) throw app.signedOut(request, reply);
  });
  app.decorate('requireStaff', async (request: FastifyRequest, reply: FastifyReply) => {
    const user = await request.loadUser();
    if (!user) throw app.signedOut(request, reply);
    if (user.role !== 'staff') throw forbidden();
  });
});
