import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { NotificationOutbox } from '../services/notification-outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationOutbox;
  }
}

/**
 * The notification mail worker (issue 21) runs while the app listens; tests call
 * `app.notifications.flush()` and `sendDigests(now)`. Registered after the mail plugin.
 */
export const notificationsPlugin = fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const outbox = new NotificationOutbox(
      app.db,
      {
        appUrl: config.appUrl,
        sessionSecrets: config.sessionSecrets,
        pollMs: config.mailPollMs,
        wakeMail: () => app.mail.kick(),
      },
      app.log.child({ module: 'notifications' }),
    );
    app.decorate('notifications', outbox);
    if (worker) app.addHook('onListen', () => outbox.start());
    app.addHook('onClose', () => outbox.stop());
  },
);
