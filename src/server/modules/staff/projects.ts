import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { milestoneInputSchema, milestoneSchema } from '../../../shared/schemas/milestones.ts';
import { projectInputSchema, staffProjectSchema } from '../../../shared/schemas/projects.ts';
import { idParam } from '../route-schemas.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  addMilestone,
  createProject,
  loadProject,
  updateMilestone,
  updateProject,
} from '../../services/projects.ts';

/** Projects with their milestones (services/projects.ts). */
export const staffProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/:customerId/projects',
    {
      schema: {
        params: idParam('customerId'),
        body: projectInputSchema,
        response: { 201: staffProjectSchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const id = await app.write((tx) =>
        createProject(tx, actorOf(request), customerId, request.body),
      );
      return reply.status(201).send(await loadProject(app.db, id));
    },
  );

  app.put(
    '/projects/:projectId',
    {
      schema: {
        params: idParam('projectId'),
        body: projectInputSchema,
        response: { 200: staffProjectSchema },
      },
    },
    async (request) => {
      const { projectId } = request.params;
      await app.write((tx) => updateProject(tx, actorOf(request), projectId, request.body));
      return loadProject(app.db, projectId);
    },
  );

  app.post(
    '/projects/:projectId/milestones',
    {
      schema: {
        params: idParam('projectId'),
        body: milestoneInputSchema,
        response: { 201: milestoneSchema },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      const created = await app.write((tx) =>
        addMilestone(tx, actorOf(request), projectId, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/milestones/:milestoneId',
    {
      schema: {
        params: idParam('milestoneId'),
        body: milestoneInputSchema,
        response: { 200: milestoneSchema },
      },
    },
    async (request) =>
      app.write((tx) =>
        updateMilestone(tx, actorOf(request), request.params.milestoneId, request.body),
      ),
  );
};
