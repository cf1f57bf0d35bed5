import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { sites } from '../../db/schema.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { addSite, removeSite, siteColumns } from '../../services/sites.ts';
import { siteOutSchema, siteSchema, type Site } from '../../../shared/schemas/sites.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { searchText } from '../../db/search-text.ts';

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
      const { companyId } = companyOf(request);
      const site = await app.write((tx) => addSite(tx, companyId, request.body));
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
      const { companyId } = companyOf(request);
      await app.write((tx) => removeSite(tx, companyId, request.params.siteId));
      return reply.status(204).send(null);
    },
  );
};
