import type { FastifyInstance } from 'fastify';
import { sessionCookieFor } from '../sign-in.ts';
import { isStaffRoute, STAFF_EMAIL, type ApiRoute, type Tenant } from './api-catalog.ts';

/**
 * Who may call a route, so hostile input reaches its parser and validator
 * instead of stopping at the guard: staff for staff routes, company A's user otherwise.
 */
export async function callerCookies(app: FastifyInstance, a: Tenant) {
  const customer = await sessionCookieFor(app, a.email);
  const staff = await sessionCookieFor(app, STAFF_EMAIL);
  return (route: ApiRoute) => (isStaffRoute(route) ? staff : customer);
}

/** A's own ids in every parameter, so the request passes the company guard. */
export async function ownUrl(route: ApiRoute, a: Tenant): Promise<string> {
  let url = route.url;
  for (const m of route.url.matchAll(/:(\w+)/g)) {
    const name = m[1] ?? '';
    url = url.replace(`:${name}`, encodeURIComponent(await a.idFor(name)));
  }
  return url;
}

const STACK = /\bat \S+ \(|node_modules|\.ts:\d+|Error:\s|stack/i;

/** A refusal is JSON `{ message }` with no trace of the server's internals. */
export function problemsWithRefusal(res: {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}): string | null {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (STACK.test(res.body)) return `internals leaked: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  // The sign-in forms are server-rendered pages: their refusals are pages too.
  if (String(res.headers['content-type']).startsWith('text/html')) return null;
  if (!String(res.headers['content-type']).includes('application/json'))
    return `non-JSON ${res.statusCode}: ${String(res.headers['content-type'])}`;
  try {
    const parsed: unknown = JSON.parse(res.body);
    const message = (parsed as { message?: unknown }).message;
    return typeof message === 'string' && message.length > 0
      ? null
      : `no message: ${res.body.slice(0, 200)}`;
  } catch {
    return `unparseable body: ${res.body.slice(0, 200)}`;
  }
}
