import type { FastifyRequest } from 'fastify';
import { forbidden, notFound, unauthorized } from '../../lib/errors.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The one authorization rule of every `/api/customers/:customerId/*` route:
 * signed in (401) and linked to that company (403). Registered once on the scope.
 */
export async function requireCustomerAccess(request: FastifyRequest): Promise<void> {
  const user = await request.loadUser();
  if (!user) throw unauthorized();
  const { customerId } = request.params as { customerId?: string };
  if (!customerId || !UUID.test(customerId)) throw notFound();
  // The account's companies come with the session (and leave the cache with any change).
  if (!user.customers.some((company) => company.id === customerId)) throw forbidden();
}
