import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  attachmentDownloadSchema as download,
  sendAttachment,
} from '../../lib/attachment-download.ts';
import { attachmentFile, attachmentsOf } from '../../services/helpdesk/ticket-attachments.ts';
import { ticketAttachmentSchema } from '../../../shared/schemas/ticket-attachments.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';

/** Issue 17 for agents: any ticket's files (staff guard applies); a reply with files is in ticket-replies.ts. */
export const staffTicketAttachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/:ticketId/attachments',
    { schema: { params: ticketParams, response: { 200: z.array(ticketAttachmentSchema) } } },
    async (request) => attachmentsOf(app.db, request.params.ticketId.toUpperCase()),
  );

  app.get(
    '/tickets/:ticketId/attachments/:attachmentId',
    {
      schema: {
        params: ticketParams.extend({ attachmentId: download.attachmentId }),
        querystring: download.querystring,
        response: { ...download.response, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { ticketId, attachmentId } = request.params;
      const { variant } = request.query;
      const file = await attachmentFile(app.db, ticketId.toUpperCase(), attachmentId, variant);
      return sendAttachment(app, reply, file, variant);
    },
  );
};
