import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { viewerOf } from '../../plugins/session/company-access.ts';
import { notFound } from '../../lib/errors.ts';
import type { Tx } from '../../db/client.ts';
import type { Viewer } from '../../services/role-filters.ts';
import { enqueueWatcherAddedMail } from '../../services/helpdesk/ticket-mails.ts';
import { loadTicket } from '../../services/helpdesk/ticket-views.ts';
import { TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import {
  addWatcher,
  listWatchers,
  removeWatcher,
} from '../../services/helpdesk/ticket-watchers.ts';
import { rateTicket, ticketRating } from '../../services/helpdesk/satisfaction.ts';
import { addWatcherSchema, ticketWatchersSchema } from '../../../shared/schemas/ticket-watchers.ts';
import {
  rateTicketSchema,
  ticketRatingSchema,
  ticketRatingStateSchema,
} from '../../../shared/schemas/satisfaction.ts';
import { tickets } from '../../db/schema.ts';
import { eq } from 'drizzle-orm';
import { ticketSchema } from '../../../shared/schemas/tickets.ts';

const ticketRoute = companyParams.extend({ ticketId: z.string().max(20) });

/**
 * `/api/customers/:customerId/tickets/:ticketId/{watchers,rating}` (issue 17): colleagues in
 * copy and the author's rating. Every route first asks `loadTicket` (the one visibility rule):
 * a ticket the viewer may not see is not there for them (404).
 */
export const ticketWatcherRatingRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } };

  const seen = async (db: Tx | typeof app.db, customerId: string, id: string, viewer: Viewer) => {
    const ticket = await loadTicket(db, customerId, id, viewer);
    if (!ticket) throw notFound(TICKET_NOT_FOUND);
    return ticket;
  };

  app.get(
    '/tickets/:ticketId/watchers',
    {
      config: { permission: 'tickets' },
      schema: { params: ticketRoute, response: { 200: ticketWatchersSchema, 404: messageSchema } },
    },
    async (request) => {
      const { customerId, ticketId } = request.params;
      const ticket = await seen(app.db, customerId, ticketId, viewerOf(request));
      return listWatchers(app.db, { id: ticket.id, customerId });
    },
  );

  app.post(
    '/tickets/:ticketId/watchers',
    {
      config: { ...writeLimit, permission: 'tickets' },
      schema: {
        params: ticketRoute,
        body: addWatcherSchema,
        response: {
          201: ticketSchema,
          400: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const { customerId, ticketId } = request.params;
      const viewer = viewerOf(request);
      const actor = actorOf(request);
      const ticket = await app.write(async (tx) => {
        const before = await seen(tx, customerId, ticketId, viewer);
        const { userId } = request.body;
        await addWatcher(tx, { ticketId: before.id, customerId, actor, userId });
        await enqueueWatcherAddedMail(tx, config, {
          ticketId: before.id,
          subject: before.subject,
          by: actor.name,
          userId,
        });
        return seen(tx, customerId, before.id, viewer);
      });
      return reply.status(201).send(ticket);
    },
  );

  app.delete(
    '/tickets/:ticketId/watchers/:userId',
    {
      config: { ...writeLimit, permission: 'tickets' },
      schema: {
        params: ticketRoute.extend({ userId: z.uuid('Not Found') }),
        response: { 200: ticketSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const { customerId, ticketId, userId } = request.params;
      const viewer = viewerOf(request);
      const actor = actorOf(request);
      return app.write(async (tx) => {
        const before = await seen(tx, customerId, ticketId, viewer);
        await removeWatcher(tx, { ticketId: before.id, customerId, actor, userId });
        // Who removed themselves no longer sees the ticket: the answer is then the last view.
        return (await loadTicket(tx, customerId, before.id, viewer)) ?? before;
      });
    },
  );

  app.get(
    '/tickets/:ticketId/rating',
    {
      config: { permission: 'tickets' },
      schema: {
        params: ticketRoute,
        response: { 200: ticketRatingStateSchema, 404: messageSchema },
      },
    },
    async (request) => {
      const { customerId, ticketId } = request.params;
      const viewer = viewerOf(request);
      const ticket = await seen(app.db, customerId, ticketId, viewer);
      const [row] = await app.db
        .select({ author: tickets.createdByUserId, mergedInto: tickets.mergedIntoTicketId })
        .from(tickets)
        .where(eq(tickets.id, ticket.id));
      // A ticket closed by a merge was solved, if at all, in the one it went into.
      const canRate =
        ticket.status === 'closed' && row?.author === viewer.userId && !row.mergedInto;
      return { rating: await ticketRating(app.db, ticket.id), canRate };
    },
  );

  app.put(
    '/tickets/:ticketId/rating',
    {
      config: { ...writeLimit, permission: 'tickets' },
      schema: {
        params: ticketRoute,
        body: rateTicketSchema,
        response: {
          200: ticketRatingSchema,
          400: messageSchema,
          403: messageSchema,
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) => {
      const { customerId, ticketId } = request.params;
      const viewer = viewerOf(request);
      return app.write(async (tx) => {
        const ticket = await seen(tx, customerId, ticketId, viewer);
        return rateTicket(tx, { ticketId: ticket.id, userId: viewer.userId, ...request.body });
      });
    },
  );
};
