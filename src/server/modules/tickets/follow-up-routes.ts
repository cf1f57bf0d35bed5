import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { viewerOf } from '../../plugins/session/company-access.ts';
import { reopenTicket, resolveTicket } from '../../services/helpdesk/closed-tickets.ts';
import { reopenUntil } from '../../services/helpdesk/follow-up-window.ts';
import { TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import { loadTicket } from '../../services/helpdesk/ticket-views.ts';
import { ticketFollowUpSchema } from '../../../shared/schemas/follow-up.ts';
import { ticketSchema } from '../../../shared/schemas/tickets.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

/**
 * Beyond the spec's routes (issue 38, ADR 061): whoever may reply to a ticket may reopen it
 * within the follow-up window, and accept the resolution of a pending one. Registered inside
 * the customer-access scope; a ticket the viewer may not see is not there (404).
 */
export const ticketFollowUpRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const route = {
    rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' },
    permission: 'tickets' as const,
  };
  const params = companyParams.extend({ ticketId: z.string() });
  const errors = { 404: messageSchema, 409: messageSchema };

  app.get(
    '/tickets/:ticketId/follow-up',
    {
      config: { permission: 'tickets' },
      schema: { params, response: { 200: ticketFollowUpSchema, 404: messageSchema } },
    },
    async (request) => {
      const { customerId, ticketId } = request.params;
      const ticket = await loadTicket(app.db, customerId, ticketId, viewerOf(request));
      if (!ticket) throw notFound(TICKET_NOT_FOUND);
      const until = await reopenUntil(app.db, ticket.id);
      return { reopenUntil: until?.toISOString() ?? null, mayResolve: ticket.status === 'pending' };
    },
  );

  for (const [action, command] of [
    ['reopen', reopenTicket],
    ['resolve', resolveTicket],
  ] as const) {
    app.post(
      `/tickets/:ticketId/${action}`,
      { config: route, schema: { params, response: { 200: ticketSchema, ...errors } } },
      (request) =>
        app.write(async (tx) => {
          const { customerId, ticketId } = request.params;
          await command(tx, config, actorOf(request), { customerId, ticketId });
          const ticket = await loadTicket(tx, customerId, ticketId, viewerOf(request));
          if (!ticket) throw notFound(TICKET_NOT_FOUND);
          return ticket;
        }),
    );
  }
};
