import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyDetailSchema,
  companyQuerySchema,
  companySchema,
  companySummarySchema,
} from '../../../shared/schemas/staff-customers.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { companyPages } from './company-pages.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { companySummary, createCompany, updateCompany } from '../../services/companies.ts';

/** Companies: list, create, read (its lists are routes of their own: company-lists.ts), edit. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: {
        querystring: companyQuerySchema,
        response: { 200: z.array(companySummarySchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, companyPages, {
        query: request.query,
      }),
  );

  app.post(
    '/customers',
    { schema: { body: companySchema, response: { 201: companySummarySchema } } },
    async (request, reply) => {
      const id = await app.write((tx) => createCompany(tx, actorOf(request), request.body));
      return reply.status(201).send(await companySummary(app.db, id));
    },
  );

  app.get(
    '/customers/:customerId',
    { schema: { params: idParam('customerId'), response: { 200: companyDetailSchema } } },
    async (request) => companySummary(app.db, request.params.customerId),
  );

  app.put(
    '/customers/:customerId',
    {
      schema: {
        params: idParam('customerId'),
        body: companySchema,
        response: { 200: companySummarySchema },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      await app.write((tx) => updateCompany(tx, actorOf(request), customerId, request.body));
      return companySummary(app.db, customerId);
    },
  );
};
