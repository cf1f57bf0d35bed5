import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { HttpError } from '../../lib/errors.ts';
import type { CurrentUser } from '../../../shared/schemas/auth.ts';
import {
  accessOf,
  STAFF_NO_ACCESS_MESSAGE,
  staffCan,
  type StaffArea,
} from '../../../shared/staff-permissions.ts';
import type { Assurance } from './assurance.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The workspace area a staff route belongs to (src/shared/staff-permissions.ts). */
    staffArea?: StaffArea;
  }
}

const STAFF_LEVELS = new Set<Assurance | undefined>(['staff', 'staff-session', 'staff-recent']);

/** Routes whose area came from a scope: an inner scope's default replaces an outer one's. */
const defaulted = new WeakSet<RouteOptions>();

/** The area of every route the scope (and its inner scopes) add without declaring one. */
export function staffArea(scope: FastifyInstance, area: StaffArea): void {
  scope.addHook('onRoute', (route) => {
    if (route.config?.staffArea !== undefined && !defaulted.has(route)) return;
    route.config = { ...route.config, staffArea: area };
    defaulted.add(route);
  });
}

/**
 * Fails the app's start when a staff route names no area (like a route without an assurance):
 * a route added later is refused to every role until the table says who may call it.
 */
export function requireStaffAreaDeclared(app: FastifyInstance): void {
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api')) routes.push(route);
  });
  app.addHook('onReady', async () => {
    const missing = routes.filter(
      (route) =>
        (route.url.startsWith('/api/staff') || STAFF_LEVELS.has(route.config?.assurance)) &&
        !route.config?.staffArea,
    );
    if (missing.length > 0) {
      const names = missing.map((r) => `${String(r.method)} ${r.url}`).join(', ');
      throw new Error(`staff routes without an area: ${names}`);
    }
  });
}

/**
 * The staff role check of the one guard (plugin.ts `enforce`): the caller's role must hold
 * the route's area for the request's method. An API token acts as its user's role.
 */
export function requireStaffArea(request: FastifyRequest, user: CurrentUser): void {
  const area = request.routeOptions.config.staffArea;
  if (!area || !staffCan(user.staffRole, area, accessOf(request.method))) {
    throw new HttpError(403, STAFF_NO_ACCESS_MESSAGE);
  }
}
