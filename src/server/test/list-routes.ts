import type { FastifyInstance } from 'fastify';

export type RouteEntry = { method: string; url: string };

const LINE = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?$/;

/**
 * Every registered route (method and full URL pattern), read from `printRoutes`, so tests
 * that must cover "every route under a prefix" pick up new routes without being edited.
 */
export function listRoutes(app: FastifyInstance): RouteEntry[] {
  const stack: string[] = [];
  const routes: RouteEntry[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    const url = (stack[depth - 1] ?? '') + (match[2] ?? '');
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (match[3] ?? '').split(', ').filter(Boolean)) {
      routes.push({ method, url });
    }
  }
  return routes;
}
