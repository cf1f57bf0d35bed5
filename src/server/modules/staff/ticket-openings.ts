import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { StoredAttachment } from '../../services/helpdesk/attachment-files.ts';
import { withAttachments } from '../../services/helpdesk/attachment-upload.ts';
import { openTicket, requesterOf } from '../../services/helpdesk/open-ticket.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  helpdeskTicketSchema,
  staffNewTicketSchema,
  type StaffNewTicket,
} from '../../../shared/schemas/staff-helpdesk.ts';
import { acceptFiles, messageBody } from '../message-body.ts';
import { messageSchema } from '../route-schemas.ts';
import { loadQueueTicket } from './helpdesk.ts';

/**
 * Issue 38: an agent opens a ticket for a user of a company (a call, a walk-in). One route in
 * two encodings, JSON and multipart with files (message-body.ts), calling `openTicket` with the
 * requester as the author; the staff guard applies.
 */
export const staffTicketOpeningRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const open = async (
    request: FastifyRequest,
    { customerId, requesterUserId, channel, ...input }: StaffNewTicket,
    files: StoredAttachment[],
  ) => {
    const ticketId = await app.write(async (tx) =>
      openTicket(tx, config, await requesterOf(tx, customerId, requesterUserId), {
        customerId,
        input,
        files,
        channel,
        openedBy: actorOf(request),
      }),
    );
    return loadQueueTicket(app.db, ticketId);
  };

  await acceptFiles(app);
  const body = messageBody(staffNewTicketSchema);
  app.post(
    '/tickets',
    {
      // Each ticket mails its requester: a leaked token must not become an unthrottled relay.
      config: { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } },
      preValidation: body.preValidation,
      schema: {
        body: body.body,
        response: {
          201: helpdeskTicketSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
          413: messageSchema,
          415: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const ticket = request.isMultipart()
        ? await withAttachments(
            request,
            app.storage,
            {
              schema: staffNewTicketSchema,
              prefix: 'tickets/staff',
              images: { budget: app.imageBudget, userId: actor.id },
            },
            (input, files) => open(request, input, files),
          )
        : await open(request, request.body, []);
      return reply.status(201).send(ticket);
    },
  );
};
