import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { attachmentMultipartLimits, withAttachments } from '../../services/attachment-upload.ts';
import { notFound } from '../../lib/errors.ts';
import {
  attachmentDownloadSchema as download,
  sendAttachment,
} from '../../lib/attachment-download.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { viewerOf } from '../../plugins/session/company-access.ts';
import {
  attachmentFile,
  attachmentsOf,
  recordAttachments,
} from '../../services/helpdesk/ticket-attachments.ts';
import {
  enqueueCustomerReplyMail,
  enqueueNewTicketMails,
} from '../../services/helpdesk/ticket-mails.ts';
import { loadTicket } from '../../services/ticket-views.ts';
import { addReply, createTicket, TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import { ticketAttachmentSchema } from '../../../shared/schemas/ticket-attachments.ts';
import {
  newTicketSchema,
  ticketReplySchema,
  ticketSchema,
} from '../../../shared/schemas/tickets.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

const ticketParams = companyParams.extend({ ticketId: z.string().max(20) });

/**
 * Issue 17: a new ticket or a reply with files (multipart), and the files of a ticket. Whoever
 * may see the ticket (role and privacy, `loadTicket`) may see its files; nobody else learns
 * they exist. Registered inside the customer-access scope, like the tickets routes.
 */
export const ticketAttachmentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } };

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

  // Multipart parsing exists only in this scope: the JSON routes stay JSON.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    await upload.register(multipart, { limits: attachmentMultipartLimits });
    const multipartSchema = {
      consumes: ['multipart/form-data'],
      response: {
        201: ticketSchema,
        400: messageSchema,
        404: messageSchema,
        415: messageSchema,
        409: messageSchema,
        413: messageSchema,
      },
    };

    upload.post(
      '/tickets/with-attachments',
      {
        config: { ...writeLimit, permission: 'tickets' },
        schema: { params: companyParams, ...multipartSchema },
      },
      async (request, reply) => {
        const { customerId } = request.params;
        const author = actorOf(request);
        const ticket = await withAttachments(
          request,
          app.storage,
          {
            schema: newTicketSchema,
            prefix: `tickets/${customerId}`,
            images: { budget: app.imageBudget, userId: author.id },
          },
          (input, files) =>
            app.write(async (tx) => {
              const id = await createTicket(tx, { customerId, author, input });
              await recordAttachments(tx, {
                ticketId: id,
                replyId: null,
                uploadedByUserId: author.id,
                files,
              });
              await enqueueNewTicketMails(tx, config, {
                ticket: { id, ...input },
                author,
                customerId,
              });
              return loadTicket(tx, customerId, id, viewerOf(request));
            }),
        );
        if (!ticket) throw notFound(TICKET_NOT_FOUND);
        return reply.status(201).send(ticket);
      },
    );

    upload.post(
      '/tickets/:ticketId/replies/with-attachments',
      {
        config: { ...writeLimit, permission: 'tickets' },
        schema: { params: ticketParams, ...multipartSchema },
      },
      async (request, reply) => {
        const { customerId, ticketId } = request.params;
        const author = actorOf(request);
        const viewer = viewerOf(request);
        // Checked before any byte is stored: a ticket the viewer may not see is not there.
        if (!(await loadTicket(app.db, customerId, ticketId, viewer)))
          throw notFound(TICKET_NOT_FOUND);
        const ticket = await withAttachments(
          request,
          app.storage,
          {
            schema: ticketReplySchema,
            prefix: `tickets/${customerId}`,
            images: { budget: app.imageBudget, userId: author.id },
          },
          ({ message }, files) =>
            app.write(async (tx) => {
              if (!(await loadTicket(tx, customerId, ticketId, viewer)))
                throw notFound(TICKET_NOT_FOUND);
              const added = await addReply(tx, {
                ticketId,
                customerId,
                author,
                asAgent: false,
                message,
              });
              await recordAttachments(tx, {
                ticketId,
                replyId: added.reply.id,
                uploadedByUserId: author.id,
                files,
              });
              await enqueueCustomerReplyMail(tx, config, {
                ticketId,
                subject: added.ticket.subject,
                author,
                message,
              });
              return loadTicket(tx, customerId, ticketId, viewer);
            }),
        );
        if (!ticket) throw notFound(TICKET_NOT_FOUND);
        return reply.status(201).send(ticket);
      },
    );
  });
};
