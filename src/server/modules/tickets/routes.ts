import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { viewerOf } from '../../plugins/session/company-access.ts';
import {
  enqueueCustomerReplyMail,
  enqueueNewTicketMails,
} from '../../services/helpdesk/ticket-mails.ts';
import { visibleTickets } from '../../services/role-filters.ts';
import {
  companyTicketsOf,
  loadTicket,
  ticketPages,
  ticketSummary,
} from '../../services/ticket-views.ts';
import { addReply, createTicket, TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import { notFound } from '../../lib/errors.ts';
import {
  newTicketSchema,
  ticketCategories,
  ticketPriorities,
  ticketReplySchema,
  ticketSchema,
  ticketStatuses,
  ticketSummarySchema,
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
    {
      config: { permission: 'tickets' },
      schema: {
        params: companyParams,
        querystring: pageQuerySchema({
          status: ticketStatuses,
          priority: ticketPriorities,
          category: ticketCategories,
        }),
        response: { 200: z.array(ticketSchema), 400: messageSchema },
      },
    },
    async (request, reply) => {
      return app.sendPage(request, reply, ticketPages, {
        where: visibleTickets(viewerOf(request)),
        query: request.query,
      });
    },
  );

  app.get(
    '/tickets/summary',
    {
      config: { permission: 'tickets' },
      schema: { params: companyParams, response: { 200: ticketSummarySchema } },
    },
    async (request) =>
      ticketSummary(app.db, companyTicketsOf(request.params.customerId, viewerOf(request))),
  );

  app.post(
    '/tickets',
    {
      config: { ...writeLimit, permission: 'tickets' },
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
        return shown(tx, customerId, id, viewerOf(request));
      });
      return reply.status(201).send(ticket);
    },
  );

  app.post(
    '/tickets/:ticketId/replies',
    {
      config: { ...writeLimit, permission: 'tickets' },
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
      const viewer = viewerOf(request);
      const ticket = await app.write(async (tx) => {
        // A ticket the viewer may not see is not there for them: 404, as another company's.
        if (!(await loadTicket(tx, customerId, ticketId, viewer))) throw notFound(TICKET_NOT_FOUND);
        const added = await addReply(tx, { ticketId, customerId, author, asAgent: false, message });
        // The portal's extra: the support desk hears of it so the conversation does not stall.
        await enqueueCustomerReplyMail(tx, config, {
          ticketId,
          subject: added.ticket.subject,
          author,
          message,
        });
        return shown(tx, customerId, ticketId, viewer);
      });
      return reply.status(201).send(ticket);
    },
  );
};
