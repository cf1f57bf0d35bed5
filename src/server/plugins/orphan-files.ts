import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Poller } from '../services/poller.ts';
import { sweepOrphanFilesOnce } from '../services/orphan-files.ts';

/** Orphans are rare and harmless for a while: one sweep at start, then every six hours. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The orphan file sweep (services/orphan-files.ts) on every app server that runs workers:
 * each tries at start and every six hours; a server finding another one sweeping skips.
 */
export const orphanFilesPlugin = fp<{ worker: boolean }>(
  async (app: FastifyInstance, { worker }) => {
    const log = app.log.child({ module: 'orphan-files' });
    const poller = new Poller({
      pollMs: SWEEP_EVERY_MS,
      batch: Number.POSITIVE_INFINITY,
      round: async () => {
        const swept = await sweepOrphanFilesOnce(app.database, app.storage);
        if (!swept) {
          log.debug('orphan file sweep skipped: another server is sweeping');
          return 0;
        }
        const { examined, removed } = swept;
        if (removed.length > 0)
          log.info({ examined, removed: removed.length }, 'orphan files removed');
        return 0;
      },
      onError: (err) => log.warn({ err }, 'orphan file sweep failed'),
    });
    if (worker) app.addHook('onListen', () => poller.start());
    app.addHook('onClose', () => poller.stop());
  },
);
