import swagger from '@fastify/swagger';
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { company } from '../../shared/company.ts';
import { MAX_ATTACHMENTS } from '../../shared/schemas/ticket-attachments.ts';
import { permissions, type Permission } from '../../shared/permissions.ts';
import type { Config } from '../config.ts';
import { sessionCookieName } from './session/plugin.ts';

export const OPENAPI_PATH = '/api/openapi.json';

/**
 * The area a route belongs to: `/api/customers/:id/invoices/...` -> invoices; staff routes by
 * the record they act on: `/api/staff/customers/:id/invoices` and `/api/staff/invoices/:id`
 * -> staff invoices.
 */
function areaOf(url: string): string {
  const parts = url.split('/').filter((p) => p && !p.startsWith(':'));
  if (parts[1] === 'customers') return parts[2] ?? 'customers';
  if (parts[1] === 'staff') {
    const record = parts[2] === 'customers' && parts[3] ? parts[3] : parts[2];
    return `staff ${record ?? ''}`.trim();
  }
  return parts[1] ?? 'api';
}

const ERROR = { $ref: '#/components/schemas/Error' };

/**
 * A body given per content type is a message route's (modules/message-body.ts): its JSON, or
 * the same JSON as multipart's `data` field followed by files.
 */
const multipartMessage = {
  type: 'object',
  required: ['data'],
  properties: {
    data: {
      type: 'string',
      description: 'The message as JSON, the same object as the application/json body; first.',
    },
    files: {
      type: 'array',
      maxItems: MAX_ATTACHMENTS,
      items: { type: 'string', format: 'binary' },
    },
  },
};

type ContentBody = { content: { 'application/json': { schema: unknown } } };
const isContentBody = (body: unknown): body is ContentBody =>
  typeof body === 'object' && body !== null && 'content' in body;

/** What the app answers besides a route's own statuses, and when (plugins/errors.ts). */
const errorStatuses: [status: string, description: string, applies: (r: RouteFacts) => boolean][] =
  [
    ['400', 'Bad input: a parameter, query or body the route refuses', () => true],
    ['401', 'Not signed in, or the session has ended', (r) => r.signedIn],
    ['403', 'Signed in, but not allowed here (company, role or staff)', (r) => r.signedIn],
    ['404', 'Nothing of that id that this user may see', (r) => r.hasParams],
    ['414', 'A path parameter longer than the router takes', (r) => r.hasParams],
    ['413', 'The body is larger than the route takes', (r) => r.hasBody],
    ['415', 'The body is not of a type the route takes', (r) => r.hasBody],
    ['429', 'Too many requests: try again after Retry-After seconds', (r) => r.limited],
    ['503', 'The database is unavailable or the server is shutting down', () => true],
  ];

type RouteFacts = { signedIn: boolean; hasParams: boolean; hasBody: boolean; limited: boolean };

function withErrorResponses(responses: Record<string, unknown> | undefined, facts: RouteFacts) {
  const all: Record<string, unknown> = { ...responses };
  for (const [status, description, applies] of errorStatuses) {
    if (!applies(facts)) continue;
    const own = all[status] as { description?: string } | undefined;
    all[status] = { ...own, description, content: { 'application/json': { schema: ERROR } } };
  }
  return all;
}

function permissionNote(permission: Permission | undefined): string | undefined {
  if (!permission) return undefined;
  return `Company permission \`${permission}\`: roles ${permissions[permission].join(', ')}.`;
}

/**
 * The OpenAPI 3.1 document of every `/api` route, generated from the zod schemas the routes
 * validate and serialize with (issue 21): one source, so it cannot drift from the code.
 * Pages (HTML form posts, the client) are left out. Signed-in areas name the session cookie,
 * staff routes also the bearer API token.
 */
export const openApiPlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  const cookie = sessionCookieName(config.appUrl);
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${company.shortName} portal API`,
        version: '1',
        description:
          'Customer portal (`/api/customers/{customerId}/…`, by company membership and role) ' +
          'and staff workspace (`/api/staff/…`). Errors answer `{ "message": … }`. Lists ' +
          'answer one page: the next page is in the `Link` header, the total in `X-Total-Count`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: cookie },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description: "A staff member's personal API token (staff workspace, API tokens).",
          },
        },
        schemas: {
          Error: {
            type: 'object',
            properties: { message: { type: 'string' } },
            required: ['message'],
          },
        },
      },
    },
    transform: (input) => {
      const route = input.route as RouteOptions | undefined;
      if (!input.url.startsWith('/api') || input.url === OPENAPI_PATH) {
        return { url: input.url, schema: { ...input.schema, hide: true } };
      }
      const body = input.schema?.body;
      const messageRoute = isContentBody(body);
      const { schema, url } = jsonSchemaTransform(
        messageRoute
          ? { ...input, schema: { ...input.schema, body: body.content['application/json'].schema } }
          : input,
      );
      if (messageRoute) {
        schema.body = {
          content: {
            'application/json': { schema: schema.body },
            'multipart/form-data': { schema: multipartMessage },
          },
        };
      }
      const staff = url.startsWith('/api/staff');
      const signedIn = staff || url.startsWith('/api/customers');
      const note = permissionNote(route?.config?.permission);
      const method = String(route?.method ?? 'GET');
      const facts: RouteFacts = {
        signedIn,
        hasParams: url.includes(':'),
        hasBody: !['GET', 'HEAD', 'DELETE'].includes(method),
        limited: signedIn || route?.config?.rateLimit !== undefined,
      };
      return {
        url,
        schema: {
          ...schema,
          response: withErrorResponses(schema.response as Record<string, unknown>, facts),
          tags: [areaOf(url)],
          ...(note ? { description: note } : {}),
          ...(signedIn
            ? { security: staff ? [{ session: [] }, { apiToken: [] }] : [{ session: [] }] }
            : {}),
        },
      };
    },
  });

  // Built once, on first ask: the routes do not change while the app runs.
  let document: string | null = null;
  app.get(
    OPENAPI_PATH,
    { config: { assurance: 'anonymous' }, schema: { hide: true } },
    async (_request, reply) => {
      document ??= JSON.stringify(app.swagger());
      return reply.type('application/json; charset=utf-8').send(document);
    },
  );
});
