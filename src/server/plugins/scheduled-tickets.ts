import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { Poller } from '../services/poller.ts';
import { SWEEP_BATCH, sweepScheduledTickets } from '../services/helpdesk/scheduled-ticket-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Opens the scheduled tickets due at `now` (tests pass their own `now`). */
    sweepScheduledTickets(now?: Date): Promise<number>;
  }
}

/** A run opens within a minute of its time; the sweep costs one indexed query when nothing is due. */
const POLL_MS = 60_000;

/**
 * The scheduled tickets' worker (ADR 062) runs while the app listens, on every app server:
 * the sweep claims each run once. Registered after the mail plugin (`app.write`).
 */
export const scheduledTicketsPlugin = fp<{ config: Config; worker: boolean }>(
  async (app: FastifyInstance, { config, worker }) => {
    const log = app.log.child({ module: 'scheduled-tickets' });
    const sweep = (now?: Date) =>
      sweepScheduledTickets(app.write, config, {
        now,
        onError: (err, id) => log.warn({ err, scheduleId: id }, 'scheduled ticket run failed'),
      });
    app.decorate('sweepScheduledTickets', sweep);
    const poller = new Poller({
      pollMs: POLL_MS,
      batch: SWEEP_BATCH,
      round: () => sweep(),
      onError: (err) => log.warn({ err }, 'scheduled ticket sweep failed'),
    });
    if (worker) app.addHook('onListen', () => poller.start());
    app.addHook('onClose', () => poller.stop());
  },
);
