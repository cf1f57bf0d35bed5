import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { KeySlots } from '../lib/key-slots.ts';
import { slotsForRequests } from './in-flight.ts';
import { withKeyMemory } from './security.ts';
import { sha256 } from '../services/sessions.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of signed-in reads: READ_RATE_LIMIT a minute and READ_CONCURRENCY in
     * flight per session (per API token, per address signed out), a few times that per company.
     */
    limitReads(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const MINUTE = 60_000;
/** Reads that may wait for one of their key's slots; past them: 429. */
const QUEUE = 8;
/** A company's colleagues together get this many sessions' share of slots and queue. */
const COMPANY_SHARE = 4;
const COMPANY_ROUTES = '/api/customers/:customerId';

/**
 * Who a read counts against. Only what signs a request in names it: an Authorization header
 * that is no valid token (a new made-up one each time) counts as the session or address it
 * came with, never as a client of its own (review N8).
 */
async function readKey(app: FastifyInstance, request: FastifyRequest): Promise<string> {
  const user = await request.loadUser();
  const cookie = request.cookies[app.sessionCookieName];
  if (user && cookie) return `read:s:${sha256(cookie)}`;
  const token = await request.loadApiToken();
  return token ? `read:t:${token.tokenId}` : `read:ip:${request.ip}`;
}

export const readLimitPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const check = app.createRateLimit(
    withKeyMemory({
      max: config.readRateLimit * config.rateLimitScale,
      timeWindow: MINUTE,
      keyGenerator: (request: FastifyRequest) => readKey(app, request),
    }),
  );

  // Requests per minute do not bound the work in flight: four costly searches at a time from
  // one session stayed under the rate yet slowed every other company (review F4). So each
  // key also holds at most READ_CONCURRENCY slots and a few more reads wait in line (a
  // screen fires 2-4 at once); past that 429. A company's colleagues together get
  // COMPANY_SHARE sessions' worth, so many sessions of one company cannot add up either.
  const waitForSlot = slotsForRequests(app);
  const sessions = new KeySlots(config.readConcurrency, QUEUE);
  const companies = new KeySlots(config.readConcurrency * COMPANY_SHARE, QUEUE * COMPANY_SHARE);

  app.decorate('limitReads', async (request: FastifyRequest, reply: FastifyReply) => {
    // Writes have their own, tighter limits per route.
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const result = await check(request);
    if (!result.isAllowed && result.isExceeded) {
      const seconds = Math.max(1, result.ttlInSeconds);
      request.log.warn({ key: result.key.split(':').slice(0, 2).join(':') }, 'read limit hit');
      reply.header('retry-after', String(seconds));
      throw new HttpError(429, `Too many requests. Please wait ${seconds} seconds and try again.`);
    }
    await waitForSlot(request, reply, sessions, await readKey(app, request));
    const { customerId } = request.params as { customerId?: string };
    if (customerId && request.routeOptions.url?.startsWith(COMPANY_ROUTES)) {
      await waitForSlot(request, reply, companies, `read:c:${customerId}`);
    }
  });
});
