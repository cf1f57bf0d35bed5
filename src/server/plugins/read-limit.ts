import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { withKeyMemory } from './security.ts';
import { sha256 } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** onRequest hook of signed-in reads: READ_RATE_LIMIT a minute per session (per address signed out). */
    limitReads(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const MINUTE = 60_000;

/**
 * One session cannot read without bound: a few clients pulling large lists slowed every
 * other company's requests. Keyed by the session (hashed: the key may live in Redis) once
 * the cookie opened one, else by a verified API token's id, else by network address. Uses
 * the rate-limit plugin's store, so REDIS_URL shares the counts between app servers.
 */
export const readLimitPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const check = app.createRateLimit(
    withKeyMemory({
      max: config.readRateLimit * config.rateLimitScale,
      timeWindow: MINUTE,
      keyGenerator: async (request: FastifyRequest) => {
        // Only what signs a request in names its counter: an Authorization header that is no
        // valid token (a new made-up one each time) counts as the session or address it came
        // with, never as a client of its own (review N8).
        const user = await request.loadUser();
        const cookie = request.cookies[app.sessionCookieName];
        if (user && cookie) return `read:s:${sha256(cookie)}`;
        const token = await request.loadApiToken();
        return token ? `read:t:${token.tokenId}` : `read:ip:${request.ip}`;
      },
    }),
  );
  app.decorate('limitReads', async (request: FastifyRequest, reply: FastifyReply) => {
    // Writes have their own, tighter limits per route.
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    const seconds = Math.max(1, result.ttlInSeconds);
    request.log.warn({ key: result.key.split(':').slice(0, 2).join(':') }, 'read limit hit');
    reply.header('retry-after', String(seconds));
    throw new HttpError(429, `Too many requests. Please wait ${seconds} seconds and try again.`);
  });
});
