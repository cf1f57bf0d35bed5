import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { viewerOf } from '../../plugins/session/company-access.ts';
import { visibleTickets } from '../../services/role-filters.ts';
import {
  companyTicketsOf,
  ticketPages,
  ticketSummary,
} from '../../services/helpdesk/ticket-views.ts';
import {
  ticketCategories,
  ticketPriorities,
  ticketSchema,
  ticketStatuses,
  ticketSummarySchema,
} from '../../../shared/schemas/tickets.ts';

/** `/api/customers/:customerId/tickets...`; registered inside the customer-access scope. */
export const ticketRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request, reply) =>
      app.sendPage(request, reply, ticketPages, {
        where: visibleTickets(viewerOf(request)),
        query: request.query,
      }),
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
};
