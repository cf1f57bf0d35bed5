import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { forbidden, unauthorized } from '../../lib/errors.ts';
import { SESSION_ABSOLUTE_MS, findSessionUser, type SessionUser } from './sessions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.requireUser` (and the guards built on it). */
    user: SessionUser | null;
    /** Loads the signed-in user once per request; null when signed out. */
    loadUser(): Promise<SessionUser | null>;
  }
  interface FastifyReply {
    setSessionCookie(rawId: string): FastifyReply;
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

  app.decorateRequest('user', null);
  const loaded = Symbol('userLoaded');
  app.decorateRequest('loadUser', async function (this: FastifyRequest) {
    const self = this as FastifyRequest & { [loaded]?: boolean };
    if (self[loaded]) return self.user;
    const rawId = app.readSessionId(this);
    self.user = rawId ? await findSessionUser(app.db, rawId) : null;
    self[loaded] = true;
    return self.user;
  });

  app.decorateReply('setSessionCookie', function (this: FastifyReply, rawId: string) {
    return this.setCookie(name, rawId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      signed: true,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
  });
  app.decorateReply('clearSessionCookie', function (this: FastifyReply) {
    return this.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure });
  });

  /**
   * 401, taking a cookie that no longer opens a session with it: pages tell the client
   * whether a session cookie came with them (docs/decisions/session-hint.md), so an
   * ended session costs one failed "who am I" call, not one per page.
   */
  app.decorate('signedOut', (request: FastifyRequest, reply: FastifyReply) => {
    if (request.cookies[name] !== undefined) reply.clearSessionCookie();
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
