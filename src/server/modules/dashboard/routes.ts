import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../shared/schemas/dashboard.ts';
import { sendRevalidatedJson } from '../../plugins/revalidate.ts';
import { companyParams } from '../route-schemas.ts';
import { dashboardJson } from './queries.ts';
import { companyOf, viewerOf } from '../../plugins/session/company-access.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    {
      config: { permission: 'dashboard' },
      schema: { params: companyParams, response: { 200: dashboardSchema } },
    },
    async (request, reply) => {
      const { companyId: customerId } = companyOf(request);
      const viewer = viewerOf(request);
      const json = await app.dashboards.get(customerId, `${viewer.role}:${viewer.userId}`, () =>
        dashboardJson(app.db, customerId, viewer, !!app.stripe),
      );
      return sendRevalidatedJson(request, reply, json);
    },
  );
};
