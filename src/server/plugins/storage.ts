import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { FsStorage, type FileStorage } from '../services/storage.ts';
import { ImageBudget } from '../services/image-budget.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
    /** Image pixels each user may have decoded per minute (review N12). */
    imageBudget: ImageBudget;
  }
}

export const storagePlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  app.decorate('storage', new FsStorage(path.join(config.dataDir, 'files')));
  app.decorate('imageBudget', new ImageBudget(config.imagePixelsPerMinute));
});
