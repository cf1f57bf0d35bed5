import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { openStorage } from '../services/open-storage.ts';
import type { FileStorage } from '../services/storage.ts';
import { ImageBudget } from '../services/image-budget.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
    /** Image pixels each user may have decoded per minute (review N12). */
    imageBudget: ImageBudget;
  }
}

/**
 * The file store (`storage`, when the caller opened one already: the server checked it
 * before anything else). A store that cannot be used refuses the start
 * (StorageUnavailableError, whose reason names the setting).
 */
export const storagePlugin = fp<{ config: Config; storage?: FileStorage }>(
  async (app: FastifyInstance, { config, storage }) => {
    const files = storage ?? openStorage(config);
    if (!storage) await files.check();
    app.decorate('storage', files);
    app.addHook('onClose', () => files.close());
    app.decorate('imageBudget', new ImageBudget(config.imagePixelsPerMinute));
  },
);
