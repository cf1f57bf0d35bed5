import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import {
  customerUsers,
  customers,
  ticketReplies,
  tickets,
  ticketSlas,
  users,
} from '../../db/schema.ts';
import { ticketDescriptionColumns, ticketReplyColumns } from '../../db/ticket-columns.ts';
import { notFound } from '../../lib/errors.ts';
import {
  helpdeskQuerySchema,
  helpdeskTicketDetailSchema,
  helpdeskTicketSchema,
  ticketUpdateSchema,
} from '../../../shared/schemas/staff-helpdesk.ts';
import { splitConversation } from '../../services/helpdesk/ticket-conversation.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { slaBreached, slaColumns, slaFrom, slaOutcomes } from '../../services/helpdesk/sla.ts';
import { changeTicket } from '../../services/helpdesk/change-ticket.ts';
import { TICKET_NOT_FOUND } from '../../services/helpdesk/tickets.ts';
import { iso } from './lookups.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';
import { helpdeskPages, helpdeskPagesByTimeLeft } from './helpdesk-queue.ts';

const assignee = alias(users, 'assignee');
const openedBy = alias(users, 'opened_by');

const ticketColumns = {
  ...ticketDescriptionColumns,
  customerId: tickets.customerId,
  customerName: customers.name,
  assignedToUserId: tickets.assignedToUserId,
  assignedTo: sql<string | null>`${assignee.firstName} || ' ' || ${assignee.lastName}`,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
  sla: slaColumns,
  slaClock: {
    firstResponseDueAt: ticketSlas.firstResponseDueAt,
    resolutionDueAt: ticketSlas.resolutionDueAt,
    firstRespondedAt: ticketSlas.firstRespondedAt,
    resolvedAt: ticketSlas.resolvedAt,
    pausedAt: ticketSlas.pausedAt,
  },
};

function queueQuery(db: Db) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedToUserId))
    .leftJoin(ticketSlas, eq(ticketSlas.ticketId, tickets.id));
}

type QueueRow = Awaited<ReturnType<ReturnType<typeof queueQuery>['execute']>>[number];
const toApi = ({ slaClock: _clock, sla, ...t }: QueueRow) => ({
  ...t,
  createdAt: iso(t.createdAt),
  updatedAt: iso(t.updatedAt),
  sla: slaFrom(sla),
});

/** One ticket as the queue shows it. */
export async function loadQueueTicket(db: Db, ticketId: string) {
  const [row] = await queueQuery(db).where(eq(tickets.id, ticketId.toUpperCase())).limit(1);
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return { ...toApi(row), slaTargets: row.slaClock ? slaOutcomes(row.slaClock) : null };
}

/** Every company's tickets in one queue: filter, assign, change status, reply as an agent. */
export const helpdeskRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/tickets',
    {
      schema: {
        querystring: helpdeskQuerySchema,
        response: { 200: z.array(helpdeskTicketSchema), 400: messageSchema },
      },
    },
    async (request, reply) => {
      const { assignee, sla, sort } = request.query;
      const who = assignee === 'me' ? actorOf(request).id : assignee;
      return app.sendPage(
        request,
        reply,
        sort === 'time-left' ? helpdeskPagesByTimeLeft : helpdeskPages,
        {
          where: and(
            who === 'none'
              ? isNull(tickets.assignedToUserId)
              : who
                ? eq(tickets.assignedToUserId, who)
                : undefined,
            sla === 'breached' ? and(ne(tickets.status, 'closed'), slaBreached) : undefined,
          ),
          query: request.query,
        },
      );
    },
  );

  app.get(
    '/tickets/:ticketId',
    { schema: { params: ticketParams, response: { 200: helpdeskTicketDetailSchema } } },
    async (request) => {
      const ticket = await loadQueueTicket(app.db, request.params.ticketId);
      const conversation = await app.db
        .select(ticketReplyColumns)
        .from(ticketReplies)
        .where(eq(ticketReplies.ticketId, ticket.id))
        .orderBy(asc(ticketReplies.createdAt), asc(ticketReplies.id));
      const authorCompanies = await app.db
        .select({ id: customers.id, name: customers.name })
        .from(tickets)
        .innerJoin(customerUsers, eq(customerUsers.userId, tickets.createdByUserId))
        .innerJoin(customers, eq(customers.id, customerUsers.customerId))
        .where(eq(tickets.id, ticket.id))
        .orderBy(asc(customers.name));
      const [author] = await app.db
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(tickets)
        .innerJoin(users, eq(users.id, tickets.createdByUserId))
        .where(eq(tickets.id, ticket.id));
      const [origin] = await app.db
        .select({
          channel: tickets.channel,
          openedBy: sql<string | null>`${openedBy.firstName} || ' ' || ${openedBy.lastName}`,
        })
        .from(tickets)
        .leftJoin(openedBy, eq(openedBy.id, tickets.openedByUserId))
        .where(eq(tickets.id, ticket.id));
      return {
        ...ticket,
        ...splitConversation(conversation),
        authorCompanies,
        author: author ?? null,
        channel: origin?.channel ?? 'portal',
        openedBy: origin?.openedBy ?? null,
      };
    },
  );

  app.patch(
    '/tickets/:ticketId',
    {
      schema: {
        params: ticketParams,
        body: ticketUpdateSchema,
        response: { 200: helpdeskTicketSchema },
      },
    },
    async (request) => {
      const ticketId = request.params.ticketId.toUpperCase();
      await app.write((tx) => changeTicket(tx, config, actorOf(request), ticketId, request.body));
      return loadQueueTicket(app.db, ticketId);
    },
  );
};
