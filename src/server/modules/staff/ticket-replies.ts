import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Config } from '../../config.ts';
import type { StoredAttachment } from '../../services/helpdesk/attachment-files.ts';
import { withAttachments } from '../../services/helpdesk/attachment-upload.ts';
import { replyAsAgent } from '../../services/helpdesk/replies.ts';
import { lockTicket } from '../../services/helpdesk/tickets.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { staffReplySchema } from '../../../shared/schemas/staff-helpdesk.ts';
import { ticketReplyOutSchema } from '../../../shared/schemas/tickets.ts';
import { acceptFiles, messageBody } from '../message-body.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';

/**
 * An agent's reply: one route in two encodings, JSON and multipart with files (issue 17;
 * message-body.ts), calling `replyAsAgent`; the staff guard applies.
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

  await acceptFiles(app);
  const replyBody = messageBody(staffReplySchema);
  app.post(
    '/tickets/:ticketId/replies',
    {
      // Each reply mails the customer and up to ten addresses in copy: a leaked token must not
      // become an unthrottled relay (outside attack of 2026-11-28, F4).
      config: { rateLimit: { max: 60 * config.rateLimitScale, timeWindow: '1 minute' } },
      preValidation: replyBody.preValidation,
      schema: {
        params: ticketParams,
        body: replyBody.body,
        response: {
          201: ticketReplyOutSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          413: messageSchema,
          415: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const { ticketId } = request.params;
      if (!request.isMultipart())
        return reply.status(201).send(await answer(request, ticketId, request.body, []));
      const actor = actorOf(request);
      // A ticket that does not exist stores nothing.
      await app.write((tx) => lockTicket(tx, ticketId.toUpperCase()));
      const created = await withAttachments(
        request,
        app.storage,
        {
          schema: staffReplySchema,
          prefix: `tickets/staff`,
          images: { budget: app.imageBudget, userId: actor.id },
        },
        (input, files) => answer(request, ticketId, input, files),
      );
      return reply.status(201).send(created);
    },
  );
};
