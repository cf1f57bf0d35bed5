import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ticketTimeSchema } from '../../../shared/schemas/time-entries.ts';
import { readTicketTime } from '../../services/time-entries.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';

/**
 * The ticket screen's "Time" (issue 38): the hours logged on a ticket. Logging goes through the
 * company's time-entry write with `ticketId` (time-entries.ts), one command for both screens.
 */
export const ticketTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/:ticketId/time-entries',
    {
      schema: {
        params: ticketParams,
        response: { 200: ticketTimeSchema, 404: messageSchema },
      },
    },
    async (request) => readTicketTime(app.db, request.params.ticketId.toUpperCase()),
  );
};
