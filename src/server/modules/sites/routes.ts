import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { sites } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { siteOutSchema, siteSchema, type Site } from '../../../shared/schemas/sites.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { searchText } from '../../db/search-text.ts';

export const SITE_NOT_FOUND = 'Site not found';

const siteColumns = {
  id: sites.id,
  name: sites.name,
  address: sites.address,
  contactPerson: sites.contactPerson,
  contactEmail: sites.contactEmail,
  contactPhone: sites.contactPhone,
};
/** A company's sites in pages, oldest first (the order they were added in); search on name and address. */
const sitePages: PagedList<Site> = {
  name: 'sites',
  from: sql`${sites}`,
  scope: sites.customerId,
  row: () => siteColumns,
  order: [
    { expr: sites.createdAt, type: 'timestamptz' },
    { expr: sites.name, type: 'text' },
    { expr: sites.id, type: 'uuid' },
  ],
  search: searchText(sites.name, sites.address),
  filters: {},
};
const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** `/api/customers/:customerId/sites...`; registered inside the customer-access scope. */
export const siteRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } };

  app.get(
    '/sites',
    {
      config: { permission: 'sites' },
      schema: {
        params: companyParams,
        querystring: pageQuerySchema({}),
        response: { 200: z.array(siteOutSchema), 400: messageSchema },
      },
    },
    async (request, reply) => {
      return app.sendPage(request, reply, sitePages, { query: request.query });
    },
  );

  app.post(
    '/sites',
    {
      config: { ...writeLimit, permission: 'editSites' },
      schema: {
        params: companyParams,
        body: siteSchema,
        response: { 201: siteOutSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const [site] = await app.db
        .insert(sites)
        .values({ ...request.body, customerId: request.params.customerId })
        .returning(siteColumns);
      if (!site) throw new Error('site not inserted');
      return reply.status(201).send(site);
    },
  );

  app.delete(
    '/sites/:siteId',
    {
      config: { ...writeLimit, permission: 'editSites' },
      schema: {
        params: companyParams.extend({ siteId: z.string() }),
        response: { 204: z.null(), 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId, siteId } = request.params;
      // Another company's site id answers exactly like a missing one.
      if (!isUuid(siteId)) throw notFound(SITE_NOT_FOUND);
      const deleted = await app.db
        .delete(sites)
        .where(and(eq(sites.id, siteId), eq(sites.customerId, customerId)))
        .returning({ id: sites.id });
      if (deleted.length === 0) throw notFound(SITE_NOT_FOUND);
      return reply.status(204).send(null);
    },
  );
};
