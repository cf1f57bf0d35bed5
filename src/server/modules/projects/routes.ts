import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectListSchema } from '../../../shared/schemas/projects.ts';
import { customerParams } from '../customer-params.ts';
import { listProjects } from './queries.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projects',
    { schema: { params: customerParams, response: { 200: projectListSchema } } },
    async (request) => listProjects(app.db, request.params.customerId),
  );
};
