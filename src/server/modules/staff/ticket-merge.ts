import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { bulkChangeTickets } from '../../services/helpdesk/bulk-tickets.ts';
import { mergeTicket } from '../../services/helpdesk/merge-tickets.ts';
import {
  bulkTicketResultSchema,
  bulkTicketSchema,
  mergeResultSchema,
  mergeTicketSchema,
} from '../../../shared/schemas/ticket-merge.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';

const refusals = { 400: messageSchema, 404: messageSchema, 409: messageSchema };

/**
 * Staff merge a ticket into another of its company, and act on the queue's selected rows
 * (ADR 060): each through the single action's command, all in one transaction.
 */
export const ticketMergeRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.post(
    '/tickets/:ticketId/merge',
    {
      schema: {
        params: ticketParams,
        body: mergeTicketSchema,
        response: {
          200: mergeResultSchema,
          ...refusals,
        },
      },
    },
    async (request) => {
      const ticketId = request.params.ticketId.toUpperCase();
      const { intoTicketId } = request.body;
      await app.write((tx) => mergeTicket(tx, actorOf(request), { ticketId, intoTicketId }));
      return { id: ticketId, mergedIntoTicketId: intoTicketId };
    },
  );

  app.post(
    '/tickets/bulk',
    { schema: { body: bulkTicketSchema, response: { 200: bulkTicketResultSchema, ...refusals } } },
    async (request) => {
      const ticketIds = await app.write((tx) =>
        bulkChangeTickets(tx, config, actorOf(request), request.body),
      );
      return { ticketIds };
    },
  );
};
