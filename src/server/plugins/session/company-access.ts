import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';
import { userOf } from './actor.ts';
import {
  can,
  NO_ACCESS_MESSAGE,
  type CompanyRole,
  type Permission,
} from '../../../shared/permissions.ts';
import type { Viewer } from '../../services/role-filters.ts';

/** What the company guard decided: the route's company and the caller's role in it. */
export type CompanyAccess = { companyId: string; role: CompanyRole };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What a `/api/customers/:customerId/*` route needs (src/shared/permissions.ts). */
    permission?: Permission;
  }
  interface FastifyRequest {
    /** Set by `requireCompanyAccess`, once; handlers and paged lists read it. */
    company: CompanyAccess | null;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The refusal of a role without the route's permission: a message, never an empty list. */
export const noAccess = () => new HttpError(403, NO_ACCESS_MESSAGE);

/**
 * The one authorization rule of every `/api/customers/:customerId/*` route:
 * signed in (401, through the same path as `requireUser`, which drops a stale cookie),
 * an active member of that company (403), and holding the route's permission in it (403
 * with a message). Registered once on the scope; its decision is `request.company`.
 */
export async function requireCompanyAccess(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const user = await request.loadUser();
  if (!user) throw request.server.signedOut(request, reply);
  request.company = companyAccessOf(request, user);
}

/** The guard's decision for a signed-in user (again, when a write's body has arrived). */
export function companyAccessOf(request: FastifyRequest, user: CurrentUser | null): CompanyAccess {
  if (!user) throw unauthorized();
  const { customerId } = request.params as { customerId?: string };
  if (!customerId || !UUID.test(customerId)) throw notFound();
  // The account's companies come with the session (and leave the cache with any change).
  const membership = user.customers.find((company) => company.id === customerId);
  if (!membership) throw forbidden();
  const permission = request.routeOptions.config.permission;
  if (!permission || !can(membership.role, permission)) throw noAccess();
  return { companyId: customerId, role: membership.role };
}

/** Refuses, when the app is built, a company route that names no permission (fails closed). */
export function requirePermissionDeclared(route: RouteOptions): void {
  if (route.method === 'HEAD') return;
  if (!route.config?.permission)
    throw new Error(`${String(route.method)} ${route.url} declares no permission`);
}

/** The route's company and the caller's role there, as the scope's guard decided them. */
export function companyOf(request: FastifyRequest): CompanyAccess {
  if (!request.company) throw new Error(`${request.routeOptions.url} reached without the guard`);
  return request.company;
}

/** Who reads the route's company rows: the user and their role there (ticket visibility). */
export const viewerOf = (request: FastifyRequest): Viewer => ({
  userId: userOf(request).id,
  role: companyOf(request).role,
});
