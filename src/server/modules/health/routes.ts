import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Health checks share one ping: a burst costs the database one query, and each answer
  // still comes from a ping that started after its request arrived, so a failure is seen at once.
  // The ping waits for the end of the current I/O phase (setImmediate): the embedded database
  // answers synchronously, so a ping started at once would end before the next request is read.
  let inflight: Promise<void> | null = null;
  const ping = () => {
    inflight ??= new Promise<void>((resolve) => setImmediate(resolve))
      .then(() => app.database.ping())
      .finally(() => {
        inflight = null;
      });
    return inflight;
  };

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
          503: z.object({ message: z.string() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await ping();
        return { status: 'ok' as const, database: app.database.kind };
      } catch (err) {
        request.log.error({ err }, 'health check: database unavailable');
        return reply.status(503).send({ message: 'Database unavailable' });
      }
    },
  );
};
