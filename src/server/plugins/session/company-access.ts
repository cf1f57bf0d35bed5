import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden, notFound } from '../../lib/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one authorization rule of every `/api/customers/:customerId/*` route:
 * signed in (401, through the same path as `requireUser`, which drops a stale cookie)
 * and linked to that company (403). Registered once on the scope.
 */
export async function requireCompanyAccess(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const user = await request.loadUser();
  if (!user) throw request.server.signedOut(request, reply);
  const { customerId } = request.params as { customerId?: string };
  if (!customerId || !UUID.test(customerId)) throw notFound();
  // The account's companies come with the session (and leave the cache with any change).
  if (!user.customers.some((company) => company.id === customerId)) throw forbidden();
}
