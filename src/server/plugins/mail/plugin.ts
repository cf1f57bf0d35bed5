import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';
import { MailOutbox } from './outbox.ts';

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailOutbox;
  }
}

/** The outbox worker runs while the app listens; tests call `app.mail.flush()` directly. */
export const mailPlugin = fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const outbox = new MailOutbox(app.db, config, app.log.child({ module: 'mail' }));
    app.decorate('mail', outbox);
    if (worker) app.addHook('onListen', () => outbox.start());
    app.addHook('onClose', () => outbox.stop());
  },
);
