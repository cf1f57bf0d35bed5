import type { FastifyInstance } from 'fastify';
import { count, inArray } from 'drizzle-orm';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { webhookDeliveries } from '../db/schema.ts';
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
      {
        policy,
        sessionSecrets: config.sessionSecrets,
        pollMs: config.webhookPollMs,
        leaseMs: config.webhookLeaseMs,
      },
      app.log.child({ module: 'webhooks' }),
    );
    app.decorate('webhooks', outbox);
    app.decorate('webhookPolicy', policy);
    if (worker) app.addHook('onListen', () => outbox.start());
    app.addHook('onClose', () => outbox.stop());

    // The table is shared by every app server, so its backlog is the same on each.
    app.metrics.gauge({
      name: 'webhook_deliveries',
      help: 'Webhook deliveries waiting or retrying (pending) and given up after 24 hours (failed)',
      labelNames: ['status'],
      read: async () => {
        const rows = await app.db
          .select({ status: webhookDeliveries.status, n: count() })
          .from(webhookDeliveries)
          .where(inArray(webhookDeliveries.status, ['pending', 'failed']))
          .groupBy(webhookDeliveries.status);
        const of = (status: string) => rows.find((r) => r.status === status)?.n ?? 0;
        return [
          { labels: { status: 'pending' }, value: of('pending') },
          { labels: { status: 'failed' }, value: of('failed') },
        ];
      },
    });
    app.metrics.counter({
      name: 'webhook_delivery_failures_total',
      help: 'Webhook delivery attempts by this process that failed (retried for 24 hours)',
      read: () => outbox.stats.failedAttempts,
    });
    app.metrics.counter({
      name: 'webhook_delivered_total',
      help: 'Webhook deliveries this process completed (2xx)',
      read: () => outbox.stats.delivered,
    });
  },
);
