import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { sendJsonText } from '../../db/json-list.ts';
import {
  newTicketSchema,
  ticketReplySchema,
  ticketSchema,
} from '../../../shared/schemas/tickets.ts';
import { addCustomerReply } from './add-reply.ts';
import { createTicket } from './create-ticket.ts';
import { listTickets } from './queries.ts';

const errorSchema = z.object({ message: z.string() });
const customerParams = z.object({ customerId: z.string() });

/** `/api/customers/:customerId/tickets...`; registered inside the customer-access scope. */
export const ticketRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } };

  app.get(
    '/tickets',
    { schema: { params: customerParams, response: { 200: z.array(ticketSchema) } } },
    async (request, reply) =>
      sendJsonText(reply, await listTickets(app.db, request.params.customerId)),
  );

  app.post(
    '/tickets',
    {
      config: writeLimit,
      schema: {
        params: customerParams,
        body: newTicketSchema,
        response: { 201: ticketSchema, 400: errorSchema },
      },
    },
    async (request, reply) => {
      const ticket = await createTicket(
        app,
        config,
        request.params.customerId,
        request.user!,
        request.body,
      );
      return reply.status(201).send(ticket);
    },
  );

  app.post(
    '/tickets/:ticketId/replies',
    {
      config: writeLimit,
      schema: {
        params: customerParams.extend({ ticketId: z.string() }),
        body: ticketReplySchema,
        response: { 201: ticketSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      const { customerId, ticketId } = request.params;
      const ticket = await addCustomerReply(
        app,
        config,
        customerId,
        ticketId,
        request.user!,
        request.body.message,
      );
      return reply.status(201).send(ticket);
    },
  );
};
