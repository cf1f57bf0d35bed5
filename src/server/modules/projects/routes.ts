import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { can } from '../../../shared/permissions.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import {
  projectListAnswerSchema,
  projectStatuses,
  projectSummarySchema,
} from '../../../shared/schemas/projects.ts';
import { projectNamePages, projectPages, projectSummary } from '../../db/project-list.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projects',
    {
      config: { permission: 'projectNames' },
      schema: {
        params: companyParams,
        querystring: pageQuerySchema({ status: projectStatuses }),
        response: { 200: projectListAnswerSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const page = { query: request.query };
      // Everyone sees which projects run; only `projects` sees progress, milestones, notes.
      return can(companyOf(request).role, 'projects')
        ? app.sendPage(request, reply, projectPages, page)
        : app.sendPage(request, reply, projectNamePages, page);
    },
  );

  app.get(
    '/projects/summary',
    {
      config: { permission: 'projectNames' },
      schema: { params: companyParams, response: { 200: projectSummarySchema } },
    },
    async (request) => projectSummary(app.db, companyOf(request).companyId),
  );
};
