import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../shared/schemas/dashboard.ts';
import { sendJsonText } from '../../db/json-list.ts';
import { companyParams } from '../route-schemas.ts';
import { dashboardJson } from './queries.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { params: companyParams, response: { 200: dashboardSchema } } },
    async (request, reply) =>
      sendJsonText(reply, await dashboardJson(app.db, request.params.customerId)),
  );
};
