import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { viewerOf } from '../../plugins/session/company-access.ts';
import type { StoredAttachment } from '../../services/helpdesk/attachment-files.ts';
import { withAttachments } from '../../services/helpdesk/attachment-upload.ts';
import { survivorOf } from '../../services/helpdesk/merge-tickets.ts';
import { openTicket } from '../../services/helpdesk/open-ticket.ts';
import { replyAsCustomer } from '../../services/helpdesk/replies.ts';
import { TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import { loadTicket } from '../../services/helpdesk/ticket-views.ts';
import {
  newTicketSchema,
  ticketReplySchema,
  ticketSchema,
  type NewTicket,
} from '../../../shared/schemas/tickets.ts';
import { acceptFiles, messageBody } from '../message-body.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';

/**
 * A customer opens a ticket or replies: each one route in two encodings, the spec's JSON and
 * multipart with files (issue 17; message-body.ts), calling one command. Registered inside the
 * customer-access scope.
 */
export const ticketMessageRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } };
  const route = { ...writeLimit, permission: 'tickets' as const };

  /** The ticket as the portal shows it, read in the write's own transaction. */
  const shown = async (tx: Tx, request: FastifyRequest, customerId: string, ticketId: string) => {
    const ticket = await loadTicket(tx, customerId, ticketId, viewerOf(request));
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    return ticket;
  };

  const open = (
    request: FastifyRequest,
    customerId: string,
    input: NewTicket,
    files: StoredAttachment[],
  ) =>
    app.write(async (tx) => {
      const id = await openTicket(tx, config, actorOf(request), { customerId, input, files });
      return shown(tx, request, customerId, id);
    });

  const answer = (
    request: FastifyRequest,
    { customerId, ticketId }: { customerId: string; ticketId: string },
    message: string,
    files: StoredAttachment[],
  ) =>
    app.write(async (tx) => {
      await replyAsCustomer(tx, config, actorOf(request), { ticketId, customerId, message, files });
      // A merged ticket's reply joined its survivor (ADR 060): the answer is where it went.
      return shown(tx, request, customerId, await survivorOf(tx, ticketId));
    });

  /** Where a message's files are stored, and the sender's image budget (review N12). */
  const upload = (request: FastifyRequest, customerId: string) => ({
    prefix: `tickets/${customerId}`,
    images: { budget: app.imageBudget, userId: actorOf(request).id },
  });

  const multipartErrors = {
    404: messageSchema,
    409: messageSchema,
    413: messageSchema,
    415: messageSchema,
  };
  await acceptFiles(app);

  const newTicket = messageBody(newTicketSchema);
  app.post(
    '/tickets',
    {
      config: route,
      preValidation: newTicket.preValidation,
      schema: {
        params: companyParams,
        body: newTicket.body,
        response: { 201: ticketSchema, 400: messageSchema, ...multipartErrors },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const ticket = request.isMultipart()
        ? await withAttachments(
            request,
            app.storage,
            { schema: newTicketSchema, ...upload(request, customerId) },
            (input, files) => open(request, customerId, input, files),
          )
        : await open(request, customerId, request.body, []);
      return reply.status(201).send(ticket);
    },
  );

  const ticketReply = messageBody(ticketReplySchema);
  app.post(
    '/tickets/:ticketId/replies',
    {
      config: route,
      preValidation: ticketReply.preValidation,
      schema: {
        params: companyParams.extend({ ticketId: z.string() }),
        body: ticketReply.body,
        response: { 201: ticketSchema, 400: messageSchema, ...multipartErrors },
      },
    },
    async (request, reply) => {
      const { customerId, ticketId } = request.params;
      if (!request.isMultipart())
        return reply
          .status(201)
          .send(await answer(request, request.params, request.body.message, []));
      // Checked before any byte is stored: a ticket the viewer may not see is not there.
      if (!(await loadTicket(app.db, customerId, ticketId, viewerOf(request))))
        throw notFound(TICKET_NOT_FOUND);
      const ticket = await withAttachments(
        request,
        app.storage,
        { schema: ticketReplySchema, ...upload(request, customerId) },
        ({ message }, files) => answer(request, request.params, message, files),
      );
      return reply.status(201).send(ticket);
    },
  );
};
