import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { MailIntake } from '../services/intake/mailbox.ts';
import { intakeBacklog } from '../services/intake/backlog.ts';
import { ClientCredentialsToken } from '../services/intake/oauth-token.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The support mailbox reader; null when IMAP_URL is unset. */
    intake: MailIntake | null;
  }
}

/** With IMAP_URL, the mailbox is read while the app listens (tests drive `drain` themselves). */
export const intakePlugin = fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const intake = config.imapUrl
      ? new MailIntake(
          {
            db: app.db,
            write: (work) => app.write(work),
            storage: app.storage,
            config,
          },
          {
            imapUrl: config.imapUrl,
            databaseUrl: config.databaseUrl,
            pollMs: config.intakePollMs,
            log: app.log.child({ module: 'intake' }),
            token: config.imapOAuth ? new ClientCredentialsToken(config.imapOAuth) : undefined,
          },
        )
      : null;
    app.decorate('intake', intake);
    if (!intake) return;
    if (worker) app.addHook('onListen', () => intake.start());
    app.addHook('onClose', () => intake.stop());

    app.metrics.gauge({
      name: 'mail_intake_unseen_messages',
      help: 'Messages waiting unread in the support mailbox at the last look (this server, while it holds the mailbox)',
      read: () => intake.stats.unseen,
    });
    app.metrics.gauge({
      name: 'mail_intake_unmatched_open',
      help: 'Mails in the unmatched queue that no agent has attached or discarded yet',
      read: async () => (await intakeBacklog(app.db)).unmatchedOpen,
    });
    app.metrics.counter({
      name: 'mail_intake_failures_total',
      help: 'Messages this process could not store (left unread, retried)',
      read: () => intake.stats.failed,
    });
    app.metrics.counter({
      name: 'mail_intake_dropped_total',
      help: 'Unmatched mails past the hourly limits (per sender, all senders), dropped unstored',
      read: () => intake.stats.dropped,
    });
  },
);
