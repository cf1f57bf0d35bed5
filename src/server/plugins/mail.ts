import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import type { Tx } from '../db/client.ts';
import { MailOutbox, outboxBacklog, writeTransaction } from '../services/mail-outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailOutbox;
    /** Every write of a route: one transaction; after commit, the outbox wakes if it holds new mail. */
    write<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  }
}

/** The outbox worker runs while the app listens; tests call `app.mail.flush()` directly. */
export const mailPlugin = fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const outbox = new MailOutbox(app.db, config, app.log.child({ module: 'mail' }));
    app.decorate('mail', outbox);
    app.decorate('write', <T>(work: (tx: Tx) => Promise<T>) =>
      writeTransaction(app.db, () => outbox.kick(), work),
    );
    if (worker) app.addHook('onListen', () => outbox.start());
    app.addHook('onClose', () => outbox.stop());

    // The table is shared by every app server, so its backlog is the same on each.
    const backlog = () => outboxBacklog(app.db);
    app.metrics.gauge({
      name: 'mail_outbox_messages',
      help: 'Mails in the outbox table waiting to be sent (pending) or given up on (failed)',
      labelNames: ['status'],
      read: async () => {
        const { pending, failed } = await backlog();
        return [
          { labels: { status: 'pending' }, value: pending },
          { labels: { status: 'failed' }, value: failed },
        ];
      },
    });
    app.metrics.gauge({
      name: 'mail_outbox_oldest_pending_seconds',
      help: 'Age of the oldest mail still waiting to be sent (0 when none waits)',
      read: async () => (await backlog()).oldestPendingSeconds,
    });
    app.metrics.counter({
      name: 'mail_delivery_failures_total',
      help: 'Delivery attempts by this process that failed (each mail is tried up to 8 times)',
      read: () => outbox.stats.failedAttempts,
    });
    app.metrics.counter({
      name: 'mail_delivered_total',
      help: 'Mails this process has delivered',
      read: () => outbox.stats.delivered,
    });
  },
);
