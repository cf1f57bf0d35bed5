import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { enqueueWatcherAddedMail } from '../../services/helpdesk/ticket-mails.ts';
import {
  addWatcher,
  listWatchers,
  removeWatcher,
} from '../../services/helpdesk/ticket-watchers.ts';
import { addWatcherSchema, ticketWatchersSchema } from '../../../shared/schemas/ticket-watchers.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';
import { requireTicket } from './lookups.ts';

/**
 * Staff put the company's colleagues in copy of its ticket, or take them out (ADR 036
 * addendum), through the portal's own service: the same refusals (private or closed ticket,
 * the author, someone of another company or inactive), the conversation's line, the audit
 * row and the "You are in copy" mail. Each answer is the ticket's watchers and candidates.
 */
export const staffWatcherRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/tickets/:ticketId/watchers',
    {
      schema: {
        params: ticketParams,
        response: { 200: ticketWatchersSchema, 404: messageSchema },
      },
    },
    async (request) => listWatchers(app.db, await requireTicket(app.db, request.params.ticketId)),
  );

  app.post(
    '/tickets/:ticketId/watchers',
    {
      schema: {
        params: ticketParams,
        body: addWatcherSchema,
        response: {
          201: ticketWatchersSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { userId } = request.body;
      const watchers = await app.write(async (tx) => {
        const ticket = await requireTicket(tx, request.params.ticketId);
        await addWatcher(tx, { ticketId: ticket.id, customerId: ticket.customerId, actor, userId });
        await enqueueWatcherAddedMail(tx, config, {
          ticketId: ticket.id,
          subject: ticket.subject,
          by: actor.name,
          userId,
        });
        return listWatchers(tx, ticket);
      });
      return reply.status(201).send(watchers);
    },
  );

  app.delete(
    '/tickets/:ticketId/watchers/:userId',
    {
      schema: {
        params: ticketParams.extend({ userId: z.uuid('Not Found') }),
        response: { 200: ticketWatchersSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { userId } = request.params;
      return app.write(async (tx) => {
        const ticket = await requireTicket(tx, request.params.ticketId);
        await removeWatcher(tx, {
          ticketId: ticket.id,
          customerId: ticket.customerId,
          actor,
          userId,
        });
        return listWatchers(tx, ticket);
      });
    },
  );
};
