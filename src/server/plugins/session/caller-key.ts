import type { FastifyRequest } from 'fastify';

/**
 * Who a rate limit counts against, and whether it is signed in. Only what signs a request in
 * names it: an Authorization header that is no valid token (a new made-up one each time) counts
 * as the session or address it came with, never as a client of its own (review N8). A user's
 * sessions and tokens share one bound: a new session is no way around it (outside attack,
 * issue 35), and one company's users never spend another's behind the same address (outside
 * attack of 2026-11-28, F3).
 */
export async function callerKey(
  request: FastifyRequest,
): Promise<{ key: string; signedIn: boolean }> {
  const user = (await request.loadUser()) ?? (await request.loadApiToken())?.user;
  return user
    ? { key: `u:${user.id}`, signedIn: true }
    : { key: `ip:${request.ip}`, signedIn: false };
}
