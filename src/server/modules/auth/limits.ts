import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import { withKeyMemory } from '../../plugins/security.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * The sign-in limits, on the rate-limit plugin's store (Redis when REDIS_URL is set, so they
 * hold across app servers). Checked in a preHandler: the per-address key needs the parsed body.
 */
export const LOGIN_LIMITS = {
  /** The 6th request for one address within 15 minutes is refused. */
  perEmail: { max: 5, timeWindow: FIFTEEN_MINUTES },
  /** High enough for an office behind one address; stops one machine spraying addresses. */
  perIp: { max: 100, timeWindow: FIFTEEN_MINUTES },
  /** Link presses and typed codes from one address. */
  verifyPerIp: { max: 30, timeWindow: FIFTEEN_MINUTES },
};

type Limit = { max: number; timeWindow: number };

function limiter(
  app: FastifyInstance,
  limit: Limit,
  scale: number,
  key: (request: FastifyRequest) => string,
  message: string,
) {
  const check = app.createRateLimit(
    withKeyMemory({ max: limit.max * scale, timeWindow: limit.timeWindow, keyGenerator: key }),
  );
  return async (request: FastifyRequest) => {
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const minutes = Math.max(1, Math.ceil(result.ttl / 60_000));
      request.log.warn({ limit: key(request).split(':')[0] }, 'sign-in rate limit hit');
      throw new HttpError(
        429,
        `${message} Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      );
    }
  };
}

export function createLoginLimiters(app: FastifyInstance, scale: number) {
  const tooMany = 'Too many sign-in requests.';
  return {
    requestPerIp: limiter(app, LOGIN_LIMITS.perIp, scale, (r) => `login-ip:${r.ip}`, tooMany),
    requestPerEmail: limiter(
      app,
      LOGIN_LIMITS.perEmail,
      scale,
      (r) => `login-email:${emailOf(r.body)}`,
      tooMany,
    ),
    verifyPerIp: limiter(
      app,
      LOGIN_LIMITS.verifyPerIp,
      scale,
      (r) => `login-verify-ip:${r.ip}`,
      'Too many sign-in attempts.',
    ),
  };
}

function emailOf(body: unknown): string {
  const email = body && typeof body === 'object' && 'email' in body ? body.email : '';
  return typeof email === 'string' ? email.trim().toLowerCase() : '';
}
