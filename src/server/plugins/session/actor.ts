import type { FastifyRequest } from 'fastify';
import type { Actor } from '../../services/actor.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';

/**
 * The signed-in user of a route behind a guard (`requireUser`, `requireStaff`,
 * `requireCompanyAccess`): the guard has loaded them, so a missing user is a wiring bug.
 */
export function userOf(request: FastifyRequest): CurrentUser {
  const user = request.user;
  if (!user) throw new Error(`${request.routeOptions.url} reached without a signed-in user`);
  return user;
}

/** Who a write acts for: the signed-in user, as services record them. */
export function actorOf(request: FastifyRequest): Actor {
  const user = userOf(request);
  return { id: user.id, name: `${user.firstName} ${user.lastName}`.trim(), email: user.email };
}
