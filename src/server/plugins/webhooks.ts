import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { WebhookOutbox } from '../services/webhook-outbox.ts';
import type { WebhookPolicy } from '../services/webhook-address.ts';

declare module 'fastify' {
  interface FastifyInstance {
    webhooks: WebhookOutbox;
    webhookPolicy: WebhookPolicy;
  }
}

/** The webhook outbox worker runs while the app listens; tests call `app.webhooks.flush()`. */
export const webhooksPlugin = fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const policy: WebhookPolicy = {
      allowPrivate: config.webhooksAllowPrivate,
      httpsOnly: config.webhooksHttpsOnly,
    };
    const outbox = new WebhookOutbox(
      app.db,
      { policy, sessionSecrets: config.sessionSecrets, pollMs: config.webhookPollMs },
      app.log.child({ module: 'webhooks' }),
    );
    app.decorate('webhooks', outbox);
    app.decorate('webhookPolicy', policy);
    if (worker) app.addHook('onListen', () => outbox.start());
    app.addHook('onClose', () => outbox.stop());
  },
);
