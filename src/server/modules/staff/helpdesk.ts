import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { customerUsers, customers, ticketReplies, tickets, users } from '../../db/schema.ts';
import { ticketDescriptionColumns } from '../../db/ticket-columns.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  helpdeskQuerySchema,
  helpdeskTicketDetailSchema,
  helpdeskTicketSchema,
  ticketUpdateSchema,
} from '../../../shared/schemas/staff-helpdesk.ts';
import { ticketReplyOutSchema, ticketReplySchema } from '../../../shared/schemas/tickets.ts';
import { enqueueTicketUpdateMail } from '../../services/ticket-mails.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import {
  addReply,
  lockTicket,
  moveTicket,
  recordTicketActivity,
  recordTicketStatus,
  TICKET_NOT_FOUND,
} from '../../services/tickets.ts';
import { iso } from './lookups.ts';
import { messageSchema, ticketParams } from '../route-schemas.ts';
import { helpdeskPages } from './helpdesk-queue.ts';

const assignee = alias(users, 'assignee');

const ticketColumns = {
  ...ticketDescriptionColumns,
  customerId: tickets.customerId,
  customerName: customers.name,
  assignedToUserId: tickets.assignedToUserId,
  assignedTo: sql<string | null>`${assignee.firstName} || ' ' || ${assignee.lastName}`,
  createdAt: tickets.createdAt,
  updatedAt: tickets.updatedAt,
};

function queueQuery(db: Db) {
  return db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .leftJoin(assignee, eq(assignee.id, tickets.assignedToUserId));
}

const toApi = (t: Awaited<ReturnType<ReturnType<typeof queueQuery>['execute']>>[number]) => ({
  ...t,
  createdAt: iso(t.createdAt),
  updatedAt: iso(t.updatedAt),
});

/** One ticket as the queue shows it. */
async function loadQueueTicket(db: Db, ticketId: string) {
  const [row] = await queueQuery(db).where(eq(tickets.id, ticketId.toUpperCase())).limit(1);
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return toApi(row);
}

const statusLabel = { open: 'Open', pending: 'Pending', closed: 'Closed' } as const;

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
      const { assignee: who } = request.query;
      return app.sendPage(request, reply, helpdeskPages, {
        scopeId: 'staff',
        where:
          who === 'none'
            ? isNull(tickets.assignedToUserId)
            : who
              ? eq(tickets.assignedToUserId, who)
              : undefined,
        query: request.query,
      });
    },
  );

  app.get(
    '/tickets/:ticketId',
    { schema: { params: ticketParams, response: { 200: helpdeskTicketDetailSchema } } },
    async (request) => {
      const ticket = await loadQueueTicket(app.db, request.params.ticketId);
      const replies = await app.db
        .select({
          id: ticketReplies.id,
          message: ticketReplies.message,
          author: ticketReplies.author,
          isAgent: ticketReplies.isAgent,
          createdAt: ticketReplies.createdAt,
        })
        .from(ticketReplies)
        .where(eq(ticketReplies.ticketId, ticket.id))
        .orderBy(asc(ticketReplies.createdAt));
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
      return {
        ...ticket,
        replies: replies.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
        authorCompanies,
        author: author ?? null,
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
      const { status, assignedToUserId, customerId } = request.body;
      const actor = actorOf(request);
      await app.write(async (tx) => {
        const before = await lockTicket(tx, ticketId);
        if (assignedToUserId) {
          const [staff] = await tx
            .select({ id: users.id })
            .from(users)
            .where(
              and(eq(users.id, assignedToUserId), eq(users.role, 'staff'), eq(users.active, true)),
            )
            .limit(1);
          if (!staff) throw badRequest('Assignee must be an active staff member');
        }
        const movedFrom = customerId ? await moveTicket(tx, ticketId, customerId) : undefined;
        await tx
          .update(tickets)
          .set({ status, assignedToUserId, updatedAt: sql`now()` })
          .where(eq(tickets.id, ticketId));
        const statusChanged = status !== undefined && status !== before.status;
        if (statusChanged) {
          await recordTicketActivity(tx, {
            ticketId,
            customerId: before.customerId,
            title: `Ticket ${ticketId} status changed to ${statusLabel[status]}`,
          });
          // The customer's users hear of it by e-mail (the tickets module's mail, their preferences).
          await enqueueTicketUpdateMail(tx, config, { ticketId, kind: 'status', status });
          await recordTicketStatus(
            tx,
            { id: ticketId, customerId: customerId ?? before.customerId, subject: before.subject },
            status,
          );
        }
        await recordAudit(tx, actor, {
          action: 'ticket.update',
          entityType: 'ticket',
          entityId: ticketId,
          customerId: customerId ?? before.customerId,
          details: {
            ...(status !== undefined ? { status, previousStatus: before.status } : {}),
            ...(assignedToUserId !== undefined ? { assignedToUserId } : {}),
            ...(customerId && movedFrom !== customerId
              ? { customerId, previousCustomerId: movedFrom }
              : {}),
          },
        });
      });
      return loadQueueTicket(app.db, ticketId);
    },
  );

  app.post(
    '/tickets/:ticketId/replies',
    {
      schema: {
        params: ticketParams,
        body: ticketReplySchema,
        response: { 201: ticketReplyOutSchema },
      },
    },
    async (request, reply) => {
      const ticketId = request.params.ticketId.toUpperCase();
      const actor = actorOf(request);
      const created = await app.write(async (tx) => {
        const { reply: added, ticket } = await addReply(tx, {
          ticketId,
          author: actor,
          asAgent: true,
          message: request.body.message,
        });
        // The staff door's extras: the customer's activity card, their e-mail, the audit log.
        await recordTicketActivity(tx, {
          ticketId,
          customerId: ticket.customerId,
          title: `New reply on ticket ${ticketId}`,
        });
        await enqueueTicketUpdateMail(tx, config, {
          ticketId,
          kind: 'reply',
          author: actor.name,
          message: added.message,
        });
        await recordAudit(tx, actor, {
          action: 'ticket.reply',
          entityType: 'ticket',
          entityId: ticketId,
          customerId: ticket.customerId,
          details: { replyId: added.id },
        });
        return added;
      });
      return reply.status(201).send(created);
    },
  );
};
