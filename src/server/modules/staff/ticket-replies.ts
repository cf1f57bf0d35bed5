import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { StoredAttachment } from '../../services/attachment-files.ts';
import { attachmentMultipartLimits, withAttachments } from '../../services/attachment-upload.ts';
import { replyAsAgent } from '../../services/helpdesk/replies.ts';
import { lockTicket } from '../../services/helpdesk/tickets.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { staffReplySchema } from '../../../shared/schemas/staff-helpdesk.ts';
import { ticketReplyOutSchema } from '../../../shared/schemas/tickets.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';

/**
 * An agent's reply, one operation in two encodings: JSON, and multipart with files (issue 17)
 * at `/replies/with-attachments`. Both call `replyAsAgent`; the staff guard applies.
 */
export const staffTicketReplyRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const answer = (
    request: FastifyRequest,
    ticketId: string,
    { message, cc }: z.output<typeof staffReplySchema>,
    files: StoredAttachment[],
  ) =>
    app.write((tx) =>
      replyAsAgent(tx, config, actorOf(request), {
        ticketId: ticketId.toUpperCase(),
        message,
        cc,
        files,
      }),
    );

  app.post(
    '/tickets/:ticketId/replies',
    {
      schema: {
        params: ticketParams,
        body: staffReplySchema,
        response: { 201: ticketReplyOutSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await answer(request, request.params.ticketId, request.body, [])),
  );

  // Multipart parsing exists only in this scope: the JSON route stays JSON.
  await app.register(async (scope) => {
    const upload = scope.withTypeProvider<ZodTypeProvider>();
    await upload.register(multipart, { limits: attachmentMultipartLimits });
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
        const actor = actorOf(request);
        // A ticket that does not exist stores nothing.
        await app.write((tx) => lockTicket(tx, request.params.ticketId.toUpperCase()));
        const created = await withAttachments(
          request,
          app.storage,
          {
            schema: staffReplySchema,
            prefix: `tickets/staff`,
            images: { budget: app.imageBudget, userId: actor.id },
          },
          (input, files) => answer(request, request.params.ticketId, input, files),
        );
        return reply.status(201).send(created);
      },
    );
  });
};
