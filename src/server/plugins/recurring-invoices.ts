import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { autopayInvoice } from '../services/online-payments/autopay.ts';
import { Poller } from '../services/poller.ts';
import { RECURRING_BATCH, sweepRecurringInvoices } from '../services/recurring-invoice-sweep.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Makes the recurring invoices due at `now` (tests pass their own `now`). */
    sweepRecurringInvoices(now?: Date): Promise<number>;
  }
}

/** A period's invoice is made within a minute of local midnight; idle, one indexed query. */
const POLL_MS = 60_000;

/**
 * The recurring invoices' worker (ADR 068) runs while the app listens, on every app server:
 * the sweep claims each period once. Registered after the mail plugin (`app.write`) and the
 * Stripe plugin: with online payment set up, an issued run is autopaid where the company opted in.
 */
export const recurringInvoicesPlugin = fp<{ worker: boolean }>(
  async (app: FastifyInstance, { worker }) => {
    const log = app.log.child({ module: 'recurring-invoices' });
    const stripe = app.stripe;
    const autopay = stripe
      ? async (invoiceId: string) => {
          const result = await autopayInvoice(app.db, stripe, invoiceId);
          if (result.status !== 'skipped') log.info({ invoiceId, ...result }, 'autopay');
        }
      : undefined;
    const sweep = (now?: Date) =>
      sweepRecurringInvoices(app.write, {
        now,
        autopay,
        onError: (err, id) => log.warn({ err, scheduleId: id }, 'recurring invoice run failed'),
      });
    app.decorate('sweepRecurringInvoices', sweep);
    const poller = new Poller({
      pollMs: POLL_MS,
      batch: RECURRING_BATCH,
      round: () => sweep(),
      onError: (err) => log.warn({ err }, 'recurring invoice sweep failed'),
    });
    if (worker) app.addHook('onListen', () => poller.start());
    app.addHook('onClose', () => poller.stop());
  },
);
