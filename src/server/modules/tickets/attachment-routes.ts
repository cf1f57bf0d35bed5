import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import {
  attachmentDownloadSchema as download,
  sendAttachment,
} from '../../lib/attachment-download.ts';
import { viewerOf } from '../../plugins/session/company-access.ts';
import { attachmentFile, attachmentsOf } from '../../services/helpdesk/ticket-attachments.ts';
import { TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import { loadTicket } from '../../services/helpdesk/ticket-views.ts';
import { ticketAttachmentSchema } from '../../../shared/schemas/ticket-attachments.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

const ticketParams = companyParams.extend({ ticketId: z.string().max(20) });

/**
 * Issue 17: the files of a ticket (a message with files is in message-routes.ts). Whoever may
 * see the ticket (role and privacy, `loadTicket`) may see its files; nobody else learns they
 * exist. Registered inside the customer-access scope, like the tickets routes.
 */
export const ticketAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/:ticketId/attachments',
    {
      config: { permission: 'tickets' },
      schema: {
        params: ticketParams,
        response: { 200: z.array(ticketAttachmentSchema), 404: messageSchema },
      },
    },
    async (request) => {
      const { customerId, ticketId } = request.params;
      if (!(await loadTicket(app.db, customerId, ticketId, viewerOf(request)))) {
        throw notFound(TICKET_NOT_FOUND);
      }
      return attachmentsOf(app.db, ticketId);
    },
  );

  app.get(
    '/tickets/:ticketId/attachments/:attachmentId',
    {
      config: { permission: 'tickets' },
      schema: {
        params: ticketParams.extend({ attachmentId: download.attachmentId }),
        querystring: download.querystring,
        response: { ...download.response, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId, ticketId, attachmentId } = request.params;
      const { variant } = request.query;
      const ticket = await loadTicket(app.db, customerId, ticketId, viewerOf(request));
      const file = ticket && (await attachmentFile(app.db, ticketId, attachmentId, variant));
      return sendAttachment(app, reply, file, variant);
    },
  );
};
