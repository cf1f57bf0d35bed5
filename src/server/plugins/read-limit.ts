import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { callerKey } from './session/caller-key.ts';
import type { Config } from '../config.ts';
import { HttpError } from '../lib/errors.ts';
import { KeySlots } from '../lib/key-slots.ts';
import { slotsForRequests } from './in-flight.ts';
import { withKeyMemory } from './security.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * onRequest hook of signed-in reads: READ_RATE_LIMIT a minute and READ_CONCURRENCY in
     * flight per user (their sessions and tokens; per address signed out), a few times that
     * per company.
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

/** A read's key: the caller's, in the reads' own namespace. */
async function readKey(request: FastifyRequest): Promise<{ key: string; signedIn: boolean }> {
  const { key, signedIn } = await callerKey(request);
  return { key: `read:${key}`, signedIn };
}

export const readLimitPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const check = app.createRateLimit(
    withKeyMemory({
      max: config.readRateLimit * config.rateLimitScale,
      timeWindow: MINUTE,
      keyGenerator: async (request: FastifyRequest) => (await readKey(request)).key,
    }),
  );

  // Requests per minute do not bound the work in flight: four costly searches at a time from
  // one session stayed under the rate yet slowed every other company (review F4). So each
  // user (address, signed out) also holds at most READ_CONCURRENCY slots and a few more reads
  // wait in line (a screen fires 2-4 at once); past that 429. A company's colleagues together
  // get COMPANY_SHARE users' worth, so many users of one company cannot add up either.
  const waitForSlot = slotsForRequests(app);
  const readers = new KeySlots(config.readConcurrency, QUEUE);
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
    const { key, signedIn } = await readKey(request);
    // A file keeps its reader's slot while it streams; not the company's, or one member's
    // slow downloads would hold every colleague's reads (outside attack, issue 35).
    await waitForSlot(request, reply, readers, key, { whileStreaming: true });
    const { customerId } = request.params as { customerId?: string };
    // Signed out, a company route answers 401 at once: such a read takes no company slot.
    if (signedIn && customerId && request.routeOptions.url?.startsWith(COMPANY_ROUTES)) {
      await waitForSlot(request, reply, companies, `read:c:${customerId.toLowerCase()}`);
    }
  });
});
