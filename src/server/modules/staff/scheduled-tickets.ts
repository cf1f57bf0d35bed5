import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  scheduledTicketInputSchema,
  scheduledTicketListQuerySchema,
  scheduledTicketPauseSchema,
  scheduledTicketSchema,
} from '../../../shared/schemas/scheduled-tickets.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  createScheduledTicket,
  deleteScheduledTicket,
  listScheduledTickets,
  pauseScheduledTicket,
  updateScheduledTicket,
} from '../../services/helpdesk/scheduled-tickets.ts';
import { idParam, messageSchema } from '../route-schemas.ts';

/** A company's scheduled tickets (issue 38 item 4, ADR 062): a card on its staff page. */
export const scheduledTicketRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/scheduled-tickets',
    {
      schema: {
        querystring: scheduledTicketListQuerySchema,
        response: { 200: z.array(scheduledTicketSchema), 400: messageSchema },
      },
    },
    (request) => app.db.transaction((tx) => listScheduledTickets(tx, request.query.customerId)),
  );

  app.post(
    '/scheduled-tickets',
    {
      schema: {
        body: scheduledTicketInputSchema,
        response: { 201: scheduledTicketSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const created = await app.write((tx) =>
        createScheduledTicket(tx, actorOf(request), request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/scheduled-tickets/:id',
    {
      schema: {
        params: idParam('id'),
        body: scheduledTicketInputSchema,
        response: { 200: scheduledTicketSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    (request) =>
      app.write((tx) =>
        updateScheduledTicket(tx, actorOf(request), request.params.id, request.body),
      ),
  );

  app.patch(
    '/scheduled-tickets/:id',
    {
      schema: {
        params: idParam('id'),
        body: scheduledTicketPauseSchema,
        response: { 200: scheduledTicketSchema, 404: messageSchema },
      },
    },
    (request) =>
      app.write((tx) =>
        pauseScheduledTicket(tx, actorOf(request), request.params.id, request.body.paused),
      ),
  );

  app.delete(
    '/scheduled-tickets/:id',
    { schema: { params: idParam('id'), response: { 204: z.null(), 404: messageSchema } } },
    async (request, reply) => {
      await app.write((tx) => deleteScheduledTicket(tx, actorOf(request), request.params.id));
      return reply.status(204).send(null);
    },
  );
};
