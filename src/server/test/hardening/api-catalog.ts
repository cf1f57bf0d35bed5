import { eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { FastifySchema, RouteOptions } from 'fastify';
import type { Config } from '../../config.ts';
import { selectRows, type Db } from '../../db/client.ts';
import * as schema from '../../db/schema.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import type { Permission } from '../../../shared/permissions.ts';
import type { Assurance } from '../../plugins/session/assurance.ts';
import type { StaffArea } from '../../../shared/staff-permissions.ts';

export type ApiRoute = {
  method: string;
  url: string;
  schema?: FastifySchema;
  /** What a company route declares it needs (src/shared/permissions.ts). */
  permission?: Permission;
  /** Who may call it (plugins/session/assurance.ts), as the route or its scope declared. */
  assurance?: Assurance;
  /** A staff route's area (src/shared/staff-permissions.ts), as the route or its scope declared. */
  staffArea?: StaffArea;
};

/**
 * A test app plus every `/api` route it registered, seen through an `onRoute`
 * hook: routes other people add are covered without editing a list here.
 */
export async function createCatalogedApp(
  overrides: Partial<Config> = {},
): Promise<TestApp & { routes: ApiRoute[] }> {
  const seen: [string, RouteOptions][] = [];
  const onRoute = (route: RouteOptions) => {
    if (!route.url.startsWith('/api')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      // HEAD twins of GET routes are Fastify's, not ours.
      if (method === 'HEAD' && route.exposeHeadRoute === undefined) continue;
      seen.push([method, route]);
    }
  };
  const t = await createTestApp(overrides, { onRoute });
  // Read once the app is built: inner scopes' onRoute hooks (assurance defaults) run later.
  const routes = seen.map(([method, route]) => ({
    method,
    url: route.url,
    schema: route.schema,
    permission: route.config?.permission,
    assurance: route.config?.assurance,
    staffArea: route.config?.staffArea,
  }));
  return { ...t, routes: dedupe(routes) };
}

function dedupe(routes: ApiRoute[]): ApiRoute[] {
  const seen = new Map<string, ApiRoute>();
  for (const r of routes) {
    const key = `${r.method} ${r.url}`;
    if (!seen.has(key) && r.method !== 'HEAD') seen.set(key, r);
  }
  return [...seen.values()];
}

/** `:name` parameters of a route URL, in order. */
export const pathParams = (url: string): string[] =>
  [...url.matchAll(/:(\w+)/g)].map((m) => m[1] ?? '');

/**
 * The URL with each parameter replaced (values are URL-encoded). A lone UTF-16
 * surrogate cannot be put in a URL at all, so it becomes U+FFFD, as a browser sends it.
 */
export function fillPath(url: string, values: (name: string) => string): string {
  return url.replace(/:(\w+)/g, (_m, name: string) =>
    encodeURIComponent(values(name).replace(/[\uD800-\uDFFF]/gu, '\uFFFD')),
  );
}

/**
 * A valid body for the customer routes that take one, so the isolation tests reach
 * the authorization and lookup rather than stopping at validation.
 */
export function validCustomerBody(route: ApiRoute): Record<string, unknown> {
  if (route.method === 'POST' && route.url.endsWith('/replies')) return { message: 'Probe reply' };
  if (route.method === 'POST' && route.url.endsWith('/watchers'))
    return { userId: '00000000-0000-4000-8000-000000000000' };
  if (route.method === 'PUT' && route.url.endsWith('/rating')) return { rating: 'good' };
  if (route.method === 'POST' && route.url.endsWith('/tickets'))
    return {
      subject: 'Probe',
      description: 'Probe ticket',
      priority: 'normal',
      category: 'Hardware',
      department: 'IT Support',
    };
  if (route.method === 'PATCH' && route.url.endsWith('/team/:userId')) return { role: 'member' };
  if (route.method === 'POST' && route.url.endsWith('/team'))
    return { email: 'probe@example.com', role: 'member' };
  if (route.method === 'POST' && route.url.endsWith('/quotes/:quoteId/accept'))
    return {
      documentSha256: '0'.repeat(64),
      typedName: 'Probe Person',
      signature: { kind: 'typed' },
    };
  if (route.method === 'POST' && route.url.endsWith('/quotes/:quoteId/decline'))
    return { reason: 'Probe' };
  if (route.method === 'POST' && route.url.endsWith('/sites'))
    return {
      name: 'Probe site',
      address: '1 Probe Way',
      contactPerson: 'Probe Person',
      contactEmail: 'probe@example.com',
      contactPhone: '555-0100',
    };
  return {};
}

export const isCustomerRoute = (r: ApiRoute) => r.url.startsWith('/api/customers/:customerId');
export const isStaffRoute = (r: ApiRoute) => r.url.startsWith('/api/staff');
export const hasBody = (r: ApiRoute) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method);

const tableNames = (Object.values(schema) as unknown[]).flatMap((v) =>
  is(v, PgTable) ? [getTableName(v)] : [],
);

/** A function takes at most 100 arguments in PostgreSQL: 50 tables per object, joined with ||. */
const TABLES_PER_OBJECT = 50;

/** Row count of every table in one query: "did this request store anything?" */
export async function rowCounts(db: Db): Promise<Record<string, number>> {
  const objects = [];
  for (let i = 0; i < tableNames.length; i += TABLES_PER_OBJECT) {
    const parts = tableNames
      .slice(i, i + TABLES_PER_OBJECT)
      .map(
        (name) => sql`${sql.raw(`'${name}'`)}, (select count(*) from ${sql.identifier(name)})::int`,
      );
    objects.push(sql`jsonb_build_object(${sql.join(parts, sql`, `)})`);
  }
  const [row] = await selectRows<{ counts: Record<string, number> }>(
    db,
    sql`select ${sql.join(objects, sql` || `)} as counts`,
  );
  return row?.counts ?? {};
}

export type Tenant = {
  customerId: string;
  email: string;
  /** An id of this company's row for a route parameter such as `ticketId`. */
  idFor(param: string): Promise<string>;
};

const OWNED_TABLES: Record<string, PgTable> = {
  ticket: schema.tickets,
  site: schema.sites,
  document: schema.documents,
  invoice: schema.invoices,
  project: schema.projects,
  activity: schema.activities,
  quote: schema.quotes,
};

/** The seeded companies: Acme (A) and Globex (B), each with its user. */
export async function tenants(db: Db): Promise<{ a: Tenant; b: Tenant }> {
  const make = async (email: string): Promise<Tenant> => {
    const [link] = await db
      .select({ customerId: schema.customerUsers.customerId })
      .from(schema.customerUsers)
      .innerJoin(schema.users, eq(schema.users.id, schema.customerUsers.userId))
      .where(eq(schema.users.email, email))
      .limit(1);
    if (!link) throw new Error(`seed has no company for ${email}`);
    const customerId = link.customerId;
    return {
      customerId,
      email,
      idFor: async (param) => {
        if (param === 'customerId') return customerId;
        const table = OWNED_TABLES[param.replace(/Id$/, '')];
        if (!table) return '00000000-0000-4000-8000-000000000000';
        const [row] = await selectRows<{ id: string }>(
          db,
          sql`select id::text as id from ${table} where customer_id = ${customerId} limit 1`,
        );
        if (!row) throw new Error(`seed has no ${param} for ${email}`);
        return row.id;
      },
    };
  };
  return {
    a: await make('jordan.lee@acme-logistics.example'),
    b: await make('sam.rivera@globex-retail.example'),
  };
}

export const STAFF_EMAIL = 'support@example.com';
