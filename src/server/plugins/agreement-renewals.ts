import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweepRenewalReminders } from '../services/agreement-alerts.ts';
import { Poller } from '../services/poller.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the agreement renewal reminders due at `now` (tests pass their own `now`). */
    sweepAgreementRenewals(now?: Date): Promise<number>;
  }
}

/** A reminder is days ahead of its date: an hourly look is soon enough; idle, one indexed query. */
const POLL_MS = 3_600_000;

/**
 * The agreements' renewal reminders (ADR 071), on every app server while it listens: each is
 * claimed by its `agreement_alerts` row in the transaction that sends it, so it goes once.
 */
export const agreementRenewalsPlugin = fp<{ worker: boolean; appUrl: string }>(
  async (app: FastifyInstance, { worker, appUrl }) => {
    const log = app.log.child({ module: 'agreement-renewals' });
    const sweep = (now?: Date) => app.write((tx) => sweepRenewalReminders(tx, appUrl, now));
    app.decorate('sweepAgreementRenewals', sweep);
    const poller = new Poller({
      pollMs: POLL_MS,
      // One transaction sends every due reminder: there is never a next batch waiting.
      batch: Number.POSITIVE_INFINITY,
      round: () => sweep(),
      onError: (err) => log.warn({ err }, 'agreement renewal sweep failed'),
    });
    if (worker) app.addHook('onListen', () => poller.start());
    app.addHook('onClose', () => poller.stop());
  },
);
