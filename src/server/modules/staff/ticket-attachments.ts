import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { attachmentMultipartLimits, withAttachments } from '../../services/attachment-upload.ts';
import {
  attachmentDownloadSchema as download,
  sendAttachment,
} from '../../lib/attachment-download.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  attachmentFile,
  attachmentsOf,
  recordAttachments,
} from '../../services/helpdesk/ticket-attachments.ts';
import { addReply, lockTicket } from '../../services/helpdesk/tickets.ts';
import { ticketAttachmentSchema } from '../../../shared/schemas/ticket-attachments.ts';
import { ticketReplyOutSchema } from '../../../shared/schemas/tickets.ts';
import { staffReplySchema } from '../../../shared/schemas/staff-helpdesk.ts';
import { recordAgentReplyExtras } from './agent-reply.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';

/** Issue 17 for agents: any ticket's files, and a reply with files (staff guard applies). */
export const staffTicketAttachmentRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
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

  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    await upload.register(multipart, { limits: attachmentMultipartLimits });

    // The agent reply of helpdesk.ts with files: the same services and the same extras.
    upload.post(
      '/tickets/:ticketId/replies/with-attachments',
      {
        schema: {
          params: ticketParams,
          consumes: ['multipart/form-data'],
          response: {
            201: ticketReplyOutSchema,
            400: messageSchema,
            404: messageSchema,
            415: messageSchema,
            409: messageSchema,
            413: messageSchema,
          },
        },
      },
      async (request, reply) => {
        const ticketId = request.params.ticketId.toUpperCase();
        const actor = actorOf(request);
        // A ticket that does not exist stores nothing.
        await app.write((tx) => lockTicket(tx, ticketId));
        const created = await withAttachments(
          request,
          app.storage,
          {
            schema: staffReplySchema,
            prefix: `tickets/staff`,
            images: { budget: app.imageBudget, userId: actor.id },
          },
          ({ message, cc }, files) =>
            app.write(async (tx) => {
              const { reply: added, ticket } = await addReply(tx, {
                ticketId,
                author: actor,
                asAgent: true,
                message,
              });
              await recordAttachments(tx, {
                ticketId,
                replyId: added.id,
                uploadedByUserId: actor.id,
                files,
              });
              await recordAgentReplyExtras(tx, config, actor, {
                ticketId,
                customerId: ticket.customerId,
                replyId: added.id,
                message: added.message,
                cc,
                attachments: files.map((f) => f.name),
              });
              return added;
            }),
        );
        return reply.status(201).send(created);
      },
    );
  });
};
