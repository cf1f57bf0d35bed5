import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { savedReplyInputSchema, savedReplySchema } from '../../../shared/schemas/saved-replies.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  createSavedReply,
  deleteSavedReply,
  updateSavedReply,
} from '../../services/helpdesk/saved-replies.ts';
import { smallListQuerySchema } from '../../../shared/schemas/paging.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { savedReplyPages } from './small-list-pages.ts';

/** The help desk's saved replies (issue 17): every agent reads and keeps the one library. */
export const savedReplyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/saved-replies',
    {
      schema: {
        querystring: smallListQuerySchema,
        response: { 200: z.array(savedReplySchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, savedReplyPages, {
        query: request.query,
      }),
  );

  app.post(
    '/saved-replies',
    { schema: { body: savedReplyInputSchema, response: { 201: savedReplySchema } } },
    async (request, reply) => {
      const created = await app.write((tx) => createSavedReply(tx, actorOf(request), request.body));
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/saved-replies/:id',
    {
      schema: {
        params: idParam('id'),
        body: savedReplyInputSchema,
        response: { 200: savedReplySchema, 404: messageSchema },
      },
    },
    (request) =>
      app.write((tx) => updateSavedReply(tx, actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/saved-replies/:id',
    { schema: { params: idParam('id'), response: { 204: z.null(), 404: messageSchema } } },
    async (request, reply) => {
      await app.write((tx) => deleteSavedReply(tx, actorOf(request), request.params.id));
      return reply.status(204).send(null);
    },
  );
};
