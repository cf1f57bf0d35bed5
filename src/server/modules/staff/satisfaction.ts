import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { helpdeskTicketExtrasSchema } from '../../../shared/schemas/staff-helpdesk.ts';
import { satisfactionReportSchema } from '../../../shared/schemas/satisfaction.ts';
import { satisfactionReport, ticketRating } from '../../services/helpdesk/satisfaction.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';
import { requireTicket } from './lookups.ts';

/** Issue 17 for staff: the satisfaction score, and a ticket's rating. */
export const satisfactionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/satisfaction', { schema: { response: { 200: satisfactionReportSchema } } }, async () =>
    satisfactionReport(app.db),
  );

  app.get(
    '/tickets/:ticketId/extras',
    {
      schema: {
        params: ticketParams,
        response: { 200: helpdeskTicketExtrasSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const ticket = await requireTicket(app.db, request.params.ticketId);
      return { rating: await ticketRating(app.db, ticket.id) };
    },
  );
};
