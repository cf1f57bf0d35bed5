import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statusNoticeSchema } from '../../../shared/schemas/status-page.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { customerNotices } from '../../services/status-page/views.ts';
import { companyParams } from '../route-schemas.ts';

/**
 * `/api/customers/:customerId/status-notices`, inside the company scope: the portal banner's
 * open incidents and maintenance on the sites of the company in the path (ADR 079). Every role
 * reads it: whoever sees the company's sites is told what affects them.
 */
export const statusNoticeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/status-notices',
    {
      config: { permission: 'sites' },
      schema: { params: companyParams, response: { 200: z.array(statusNoticeSchema) } },
    },
    (request) => customerNotices(app.db, companyOf(request).companyId),
  );
};
