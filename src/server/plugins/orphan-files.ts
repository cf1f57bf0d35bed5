import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Poller } from '../services/poller.ts';
import { sweepOrphanFiles } from '../services/orphan-files.ts';

/** Orphans are rare and harmless for a while: one sweep at start, then every six hours. */
const SWEEP_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * The orphan file sweep (services/orphan-files.ts) on every app server that runs workers:
 * the sweeps may overlap, a file is removed once whoever gets there first.
 */
export const orphanFilesPlugin = fp<{ worker: boolean }>(
  async (app: FastifyInstance, { worker }) => {
    const log = app.log.child({ module: 'orphan-files' });
    const poller = new Poller({
      pollMs: SWEEP_EVERY_MS,
      batch: Number.POSITIVE_INFINITY,
      round: async () => {
        const { examined, removed } = await sweepOrphanFiles(app.db, app.storage);
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
