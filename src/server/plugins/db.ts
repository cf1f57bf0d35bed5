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

    // PostgreSQL: the pg pool of this process. PGlite: its one connection and the statements
    // queued for their turn (db/pglite-turns.ts).
    const use = () => opts.database.connections();
    app.metrics.gauge({
      name: 'db_pool_connections',
      help: 'Database connections of this process, by state (busy, idle)',
      labelNames: ['state'],
      read: () => {
        const { open, idle } = use();
        return [
          { labels: { state: 'busy' }, value: open - idle },
          { labels: { state: 'idle' }, value: idle },
        ];
      },
    });
    app.metrics.gauge({
      name: 'db_pool_max_connections',
      help: 'Most database connections this process opens',
      read: () => use().max,
    });
    app.metrics.gauge({
      name: 'db_pool_waiting_queries',
      help: 'Queries waiting for a free database connection',
      read: () => use().waiting,
    });
  },
);
