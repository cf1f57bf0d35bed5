import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Double-submit CSRF protection for the sign-in forms: a random value in a signed,
 * HttpOnly cookie and the same value in a hidden field. A page from another site can
 * post the form but cannot read or set our cookie, so the two never match.
 */
export function csrfCookieName(appUrl: string): string {
  return appUrl.startsWith('https:') ? '__Host-login_csrf' : 'login_csrf';
}

export function createCsrf(appUrl: string) {
  const name = csrfCookieName(appUrl);
  const secure = appUrl.startsWith('https:');

  function read(request: FastifyRequest): string | null {
    const raw = request.cookies[name];
    if (!raw) return null;
    const unsigned = request.unsignCookie(raw);
    return unsigned.valid ? unsigned.value : null;
  }

  return {
    /** The token for a form on this response: the existing one, or a new cookie. */
    issue(request: FastifyRequest, reply: FastifyReply): string {
      const existing = read(request);
      if (existing) return existing;
      const value = randomBytes(32).toString('base64url');
      reply.setCookie(name, value, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure,
        signed: true,
        maxAge: 60 * 60 * 24,
      });
      return value;
    },
    /** True when the posted field matches the cookie. */
    verify(request: FastifyRequest, posted: string | undefined): boolean {
      const expected = read(request);
      if (!expected || !posted) return false;
      const a = Buffer.from(expected);
      const b = Buffer.from(posted);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}
