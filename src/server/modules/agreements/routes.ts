import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  portalAgreementHoursSchema,
  portalTicketTimeSchema,
} from '../../../shared/schemas/agreements.ts';
import { companyOf, viewerOf } from '../../plugins/session/company-access.ts';
import { portalAgreementHours } from '../../services/agreements.ts';
import { companyTicketsOf } from '../../services/helpdesk/ticket-views.ts';
import { ticketMinutes } from '../../services/time-entries.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

/**
 * What the customer sees of the hours it bought (issue 40 item 3, ADR 071): beside the spec's
 * routes, never in their JSON. Registered inside the `/api/customers/:customerId` scope.
 */
export const agreementHourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/agreements/hours',
    {
      config: { permission: 'agreementHours' },
      schema: {
        params: companyParams,
        response: { 200: z.array(portalAgreementHoursSchema) },
      },
    },
    async (request) => portalAgreementHours(app.db, companyOf(request).companyId),
  );

  app.get(
    '/tickets/:ticketId/time',
    {
      config: { permission: 'ticketTime' },
      schema: {
        params: companyParams.extend({
          ticketId: z.string().regex(/^TK-\d{1,12}$/i, 'Ticket not found'),
        }),
        response: { 200: portalTicketTimeSchema, 404: messageSchema },
      },
    },
    async (request) =>
      ticketMinutes(
        app.db,
        companyTicketsOf(request.params.customerId, viewerOf(request)),
        request.params.ticketId.toUpperCase(),
      ),
  );
};
