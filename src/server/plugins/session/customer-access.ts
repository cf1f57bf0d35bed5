import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { customerUsers } from '../../db/schema.ts';
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
  const [link] = await request.server.db
    .select({ customerId: customerUsers.customerId })
    .from(customerUsers)
    .where(and(eq(customerUsers.userId, user.id), eq(customerUsers.customerId, customerId)))
    .limit(1);
  if (!link) throw forbidden();
}
