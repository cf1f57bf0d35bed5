import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Database, Db } from '../db/client.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    database: Database;
  }
}

/** Exposes the database to every route; closes it with the app when the app owns it. */
export const dbPlugin = fp<{ database: Database; owned: boolean }>(
  async (app: FastifyInstance, opts) => {
    app.decorate('database', opts.database);
    app.decorate('db', opts.database.db);
    if (opts.owned) app.addHook('onClose', () => opts.database.close());
  },
);
