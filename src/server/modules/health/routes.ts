import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendJsonText } from '../../db/json-list.ts';
import { isCurrent, migrationLevel, type MigrationLevel } from '../../db/migration-level.ts';
import { messageSchema } from '../route-schemas.ts';
import { assure } from '../../plugins/session/assurance.ts';

/**
 * How long a successful ping answers for the health checks that follow it: a load balancer
 * asking every few seconds always gets a new ping, a burst shares one
 * (docs/decisions/015-request-cost-and-shutdown.md). A failure is never reused.
 */
export const HEALTH_FRESH_MS = 100;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  assure(app, 'anonymous');
  // Health checks share one ping: a burst costs the database one query per HEALTH_FRESH_MS,
  // and the checks that arrive while a ping is under way wait for that one.
  let inflight: Promise<void> | null = null;
  let okUntil = 0;
  const ping = () => {
    if (performance.now() < okUntil) return;
    inflight ??= app.database
      .ping()
      .then(() => {
        okUntil = performance.now() + HEALTH_FRESH_MS;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };
  // The same bytes every time: written once, sent without the serializer.
  const ok = JSON.stringify({ status: 'ok', database: app.database.kind });
  // Load balancers call this constantly: log its problems only, never quieter than the app.
  const quieter = (['fatal', 'error', 'silent'] as const).find((l) => l === app.log.level);
  const logLevel = quieter ?? 'warn';
  app.get(
    '/api/health',
    {
      logLevel,
      schema: {
        response: {
          200: z.object({ status: z.literal('ok'), database: z.string() }),
          503: messageSchema,
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return sendJsonText(reply, ok);
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
    },
  );

  // Readiness, for a load balancer choosing where to send requests: the database answers and
  // has every migration of this code, the file store answers (a bucket: one HEAD request),
  // and the server is not shutting down (lifecycle.ts). Its message names what is down.
  // One small query per check, never shared: it is asked every few seconds, not in bursts.
  app.get(
    '/api/ready',
    {
      logLevel,
      schema: {
        response: {
          200: z.object({
            status: z.literal('ready'),
            database: z.string(),
            migration: z.string().nullable(),
            storage: z.enum(['disk', 's3']),
          }),
          503: messageSchema,
        },
      },
    },
    async (request, reply) => {
      if (app.readiness.draining) return reply.status(503).send({ message: 'Shutting down' });
      let level: MigrationLevel;
      try {
        level = await migrationLevel(app.db);
        if (!isCurrent(level)) {
          return reply.status(503).send({ message: 'Database migrations not applied' });
        }
      } catch (err) {
        request.log.error({ err }, 'readiness check: database unavailable');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
      try {
        await app.storage.check();
      } catch (err) {
        request.log.error({ err }, 'readiness check: file storage unavailable');
        return reply.status(503).send({ message: 'File storage unavailable' });
      }
      return {
        status: 'ready' as const,
        database: app.database.kind,
        migration: level.latest,
        storage: app.storage.kind,
      };
    },
  );
};
