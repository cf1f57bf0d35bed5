import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  staffTimeEntrySchema,
  timeEntryInputSchema,
} from '../../../shared/schemas/time-entries.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { logTime } from '../../services/time-entries.ts';

/** Hours logged for a company (services/time-entries.ts). */
export const timeEntryRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (
  app,
  { appUrl },
) => {
  app.post(
    '/customers/:customerId/time-entries',
    {
      schema: {
        params: idParam('customerId'),
        body: timeEntryInputSchema,
        response: {
          201: staffTimeEntrySchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const created = await app.write((tx) =>
        logTime(tx, actorOf(request), customerId, request.body, appUrl),
      );
      return reply.status(201).send(created);
    },
  );
};
