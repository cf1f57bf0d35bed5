import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../services/actor.ts';

/**
 * The signed-in user a route acts for. Every route that calls it sits behind a guard
 * (`requireUser`, `requireStaff`, `requireCustomerAccess`) that has loaded the user.
 */
export function actorOf(request: FastifyRequest): Actor {
  const user = request.user;
  if (!user) throw new Error(`${request.routeOptions.url} reached without a signed-in user`);
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}
