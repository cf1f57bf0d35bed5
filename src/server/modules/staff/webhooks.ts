import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import {
  webhookDeliveryQuerySchema,
  webhookDeliverySchema,
  webhookInputSchema,
  webhookSchema,
  webhookWithSecretSchema,
} from '../../../shared/schemas/webhooks.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  acceptedWebhookUrl,
  createWebhook,
  deleteWebhook,
  listWebhooks,
  requireWebhook,
  sendTestEvent,
  updateWebhook,
} from '../../services/webhooks.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { deliveryPages } from './webhook-delivery-pages.ts';

/** Webhook endpoints and their delivery logs (issue 21); staff only, like all of /api/staff. */
export const webhookRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const params = idParam('webhookId');

  // A webhook outlives the token that would register it: a leaked token must not be able to
  // leave a receiver behind that keeps getting every event after the token is revoked.
  // Tokens may read; every write is declared `staff-session`.
  const sessionOnly = { assurance: 'staff-session' } as const;

  app.get('/webhooks', { schema: { response: { 200: z.array(webhookSchema) } } }, () =>
    listWebhooks(app.db),
  );

  app.post(
    '/webhooks',
    {
      config: sessionOnly,
      schema: {
        body: webhookInputSchema,
        response: {
          201: webhookWithSecretSchema,
          400: messageSchema,
          403: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const url = await acceptedWebhookUrl(request.body.url, app.webhookPolicy);
      const created = await app.write((tx) =>
        createWebhook(tx, actorOf(request), { ...request.body, url }, config.sessionSecrets),
      );
      // The secret is in this answer only: no cache may keep it.
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.put(
    '/webhooks/:webhookId',
    {
      config: sessionOnly,
      schema: {
        params,
        body: webhookInputSchema,
        response: { 200: webhookSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const url = await acceptedWebhookUrl(request.body.url, app.webhookPolicy);
      return app.write((tx) =>
        updateWebhook(tx, actorOf(request), request.params.webhookId, { ...request.body, url }),
      );
    },
  );

  app.delete(
    '/webhooks/:webhookId',
    { config: sessionOnly, schema: { params, response: { 204: z.null(), 404: messageSchema } } },
    async (request, reply) => {
      await app.write((tx) => deleteWebhook(tx, actorOf(request), request.params.webhookId));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/webhooks/:webhookId/test',
    {
      config: sessionOnly,
      schema: { params, response: { 202: messageSchema, 404: messageSchema } },
    },
    async (request, reply) => {
      await app.write((tx) => sendTestEvent(tx, actorOf(request), request.params.webhookId));
      app.webhooks.kick();
      return reply.code(202).send({ message: 'Test event queued' });
    },
  );

  app.get(
    '/webhooks/:webhookId/deliveries',
    {
      schema: {
        params,
        querystring: webhookDeliveryQuerySchema,
        response: { 200: z.array(webhookDeliverySchema), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { webhookId } = request.params;
      await requireWebhook(app.db, webhookId);
      return app.sendPage(request, reply, deliveryPages, {
        scopeId: webhookId,
        query: request.query,
      });
    },
  );
};
