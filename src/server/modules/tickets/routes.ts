import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { sendJsonText } from '../../db/json-list.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { enqueueCustomerReplyMail, enqueueNewTicketMails } from '../../services/ticket-mails.ts';
import { listTickets, loadTicket } from '../../services/ticket-views.ts';
import { addReply, createTicket, TICKET_NOT_FOUND } from '../../services/tickets.ts';
import { notFound } from '../../lib/errors.ts';
import {
  newTicketSchema,
  ticketReplySchema,
  ticketSchema,
} from '../../../shared/schemas/tickets.ts';

/** `/api/customers/:customerId/tickets...`; registered inside the customer-access scope. */
export const ticketRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } };

  /** The ticket as the portal shows it, read in the write's own transaction. */
  const shown = async (...args: Parameters<typeof loadTicket>) => {
    const ticket = await loadTicket(...args);
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    return ticket;
  };

  app.get(
    '/tickets',
    { schema: { params: companyParams, response: { 200: z.array(ticketSchema) } } },
    async (request, reply) =>
      sendJsonText(reply, await listTickets(app.db, request.params.customerId)),
  );

  app.post(
    '/tickets',
    {
      config: writeLimit,
      schema: {
        params: companyParams,
        body: newTicketSchema,
        response: { 201: ticketSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const author = actorOf(request);
      const ticket = await app.write(async (tx) => {
        const id = await createTicket(tx, { customerId, author, input: request.body });
        // The portal's extra: the support desk and the author hear of it.
        await enqueueNewTicketMails(tx, config, {
          ticket: { id, ...request.body },
          author,
          customerId,
        });
        return shown(tx, customerId, id);
      });
      return reply.status(201).send(ticket);
    },
  );

  app.post(
    '/tickets/:ticketId/replies',
    {
      config: writeLimit,
      schema: {
        params: companyParams.extend({ ticketId: z.string() }),
        body: ticketReplySchema,
        response: { 201: ticketSchema, 400: messageSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId, ticketId } = request.params;
      const author = actorOf(request);
      const { message } = request.body;
      const ticket = await app.write(async (tx) => {
        const added = await addReply(tx, { ticketId, customerId, author, asAgent: false, message });
        // The portal's extra: the support desk hears of it so the conversation does not stall.
        await enqueueCustomerReplyMail(tx, config, {
          ticketId,
          subject: added.ticket.subject,
          author,
          message,
        });
        return shown(tx, customerId, ticketId);
      });
      return reply.status(201).send(ticket);
    },
  );
};
