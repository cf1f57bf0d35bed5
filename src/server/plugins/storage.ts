import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { FsStorage, type FileStorage } from '../services/storage.ts';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export const storagePlugin = fp<{ config: Config }>(async (app: FastifyInstance, { config }) => {
  app.decorate('storage', new FsStorage(path.join(config.dataDir, 'files')));
});
