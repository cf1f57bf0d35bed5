import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Poller } from '../services/poller.ts';
import { purgeOldSuggestions } from '../services/knowledge-base/suggestions.ts';

/** The statistics read whole days: an hourly purge keeps at most an hour past the limit. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

/** Deletes the knowledge base's suggestion searches past their retention (ADR 078). */
export const kbSuggestionRetentionPlugin = fp<{ worker: boolean }>(
  async (app: FastifyInstance, { worker }) => {
    const log = app.log.child({ module: 'kb-suggestion-retention' });
    const poller = new Poller({
      pollMs: PURGE_EVERY_MS,
      batch: Number.POSITIVE_INFINITY,
      round: async () => {
        const removed = await purgeOldSuggestions(app.db);
        if (removed > 0) log.info({ removed }, 'old suggestion searches removed');
        return 0;
      },
      onError: (err) => log.warn({ err }, 'suggestion search purge failed'),
    });
    if (worker) app.addHook('onListen', () => poller.start());
    app.addHook('onClose', () => poller.stop());
  },
);
