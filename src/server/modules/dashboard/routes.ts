import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../shared/schemas/dashboard.ts';
import { sendJsonText } from '../../db/json-list.ts';
import { customerParams } from '../route-schemas.ts';
import { dashboardJson } from './queries.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { params: customerParams, response: { 200: dashboardSchema } } },
    async (request, reply) =>
      sendJsonText(reply, await dashboardJson(app.db, request.params.customerId)),
  );
};
