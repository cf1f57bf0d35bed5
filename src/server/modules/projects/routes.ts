import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { projectListSchema } from '../../../shared/schemas/projects.ts';
import { sendJsonText } from '../../db/json-list.ts';
import { companyParams } from '../route-schemas.ts';
import { listProjects } from '../../db/project-list.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const projectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/projects',
    { schema: { params: companyParams, response: { 200: projectListSchema } } },
    async (request, reply) =>
      sendJsonText(reply, await listProjects(app.db, request.params.customerId)),
  );
};
