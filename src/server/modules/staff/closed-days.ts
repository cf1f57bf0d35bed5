import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CLOSED_DAY_MESSAGES,
  closedDayInputSchema,
  closedDaySchema,
} from '../../../shared/schemas/sla.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { addClosedDay, removeClosedDay } from '../../services/helpdesk/closed-days.ts';
import { listClosedDays } from '../../services/helpdesk/sla.ts';
import { messageSchema } from '../route-schemas.ts';

/**
 * The help desk's closed days (holidays, ADR 035 addendum). One read without pages: only the
 * days a clock can still use are listed (a year back to two years ahead, working days), a
 * bounded list like the SLA targets, which every queue screen needs whole to count time left.
 */
export const closedDayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/closed-days', { schema: { response: { 200: z.array(closedDaySchema) } } }, () =>
    listClosedDays(app.db),
  );

  app.post(
    '/closed-days',
    {
      schema: {
        body: closedDayInputSchema,
        response: { 201: closedDaySchema, 400: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const created = await app.write((tx) => addClosedDay(tx, actorOf(request), request.body));
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/closed-days/:day',
    {
      schema: {
        params: z.object({ day: z.string().max(10, CLOSED_DAY_MESSAGES.date) }),
        response: { 204: z.null(), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      await app.write((tx) => removeClosedDay(tx, actorOf(request), request.params.day));
      return reply.status(204).send(null);
    },
  );
};
