import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiTokenSchema,
  createApiTokenSchema,
  createdApiTokenSchema,
} from '../../../shared/schemas/api-tokens.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf, userOf } from '../../plugins/session/actor.ts';
import { createApiToken, listApiTokens, revokeApiToken } from '../../services/api-tokens.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { assure } from '../../plugins/session/assurance.ts';

/**
 * A staff member's own API tokens (issue 21). Managed with the session only: a leaked token
 * must not be able to mint others or outlive its own revocation.
 */
export const apiTokenRoutes: FastifyPluginAsyncZod = async (app) => {
  // A token minting tokens would outlive its own revocation.
  assure(app, 'staff-session');

  app.get('/api-tokens', { schema: { response: { 200: z.array(apiTokenSchema) } } }, (request) =>
    listApiTokens(app.db, userOf(request).id),
  );

  // A new credential that outlives the session (up to a year): a stale or stolen session
  // confirms its second factor first (third outside attack, issue 35).
  app.post(
    '/api-tokens',
    {
      config: { assurance: 'staff-recent' },
      schema: {
        body: createApiTokenSchema,
        response: { 201: createdApiTokenSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const created = await app.write((tx) => createApiToken(tx, actorOf(request), request.body));
      // The token is in this answer only: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/api-tokens/:id',
    { schema: { params: idParam('id'), response: { 204: z.null(), 404: messageSchema } } },
    async (request, reply) => {
      const revoked = await app.write((tx) =>
        revokeApiToken(tx, actorOf(request), request.params.id),
      );
      if (!revoked) throw notFound();
      return reply.code(204).send(null);
    },
  );
};
