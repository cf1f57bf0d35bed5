import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessages, quoteRequests } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  leadKinds,
  leadQuerySchema,
  leadSchema,
  leadStatusUpdateSchema,
  type Lead,
} from '../../../shared/schemas/staff-leads.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { iso } from './lookups.ts';
import { matchesAny } from './search.ts';

const LIST_LIMIT = 200;

/** Contact messages and quote requests in one newest-first list; sales marks them handled. */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leads',
    { schema: { querystring: leadQuerySchema, response: { 200: z.array(leadSchema) } } },
    async (request) => {
      const { status, kind, q } = request.query;
      const contacts =
        kind === 'quote'
          ? []
          : await app.db
              .select()
              .from(contactMessages)
              .where(
                and(
                  status ? eq(contactMessages.status, status) : undefined,
                  matchesAny(q, [
                    contactMessages.name,
                    contactMessages.email,
                    contactMessages.company,
                    contactMessages.message,
                  ]),
                ),
              )
              .orderBy(desc(contactMessages.createdAt))
              .limit(LIST_LIMIT);
      const quotes =
        kind === 'contact'
          ? []
          : await app.db
              .select()
              .from(quoteRequests)
              .where(
                and(
                  status ? eq(quoteRequests.status, status) : undefined,
                  matchesAny(q, [
                    quoteRequests.name,
                    quoteRequests.email,
                    quoteRequests.company,
                    quoteRequests.service,
                    quoteRequests.details,
                  ]),
                ),
              )
              .orderBy(desc(quoteRequests.createdAt))
              .limit(LIST_LIMIT);
      const leads: Lead[] = [
        ...contacts.map((c) => ({
          id: c.id,
          kind: 'contact' as const,
          name: c.name,
          email: c.email,
          company: c.company,
          phone: c.phone,
          service: null,
          message: c.message,
          status: c.status,
          createdAt: iso(c.createdAt),
          updatedAt: iso(c.updatedAt),
        })),
        ...quotes.map((r) => ({
          id: r.id,
          kind: 'quote' as const,
          name: r.name,
          email: r.email,
          company: r.company,
          phone: r.phone,
          service: r.service,
          message: r.details,
          status: r.status,
          createdAt: iso(r.createdAt),
          updatedAt: iso(r.updatedAt),
        })),
      ];
      return leads.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, LIST_LIMIT);
    },
  );

  app.patch(
    '/leads/:kind/:leadId',
    {
      schema: {
        params: z.object({
          kind: z.enum(leadKinds, { message: 'Not Found' }),
          leadId: z.uuid('Not Found'),
        }),
        body: leadStatusUpdateSchema,
        response: { 200: z.object({ id: z.string(), status: leadSchema.shape.status }) },
      },
    },
    async (request) => {
      const { kind, leadId } = request.params;
      const { status } = request.body;
      const table = kind === 'contact' ? contactMessages : quoteRequests;
      return app.write(async (tx) => {
        const [row] = await tx
          .update(table)
          .set({ status, updatedAt: sql`now()` })
          .where(eq(table.id, leadId))
          .returning({ id: table.id, status: table.status });
        if (!row) throw notFound('Lead not found');
        await recordAudit(tx, actorOf(request), {
          action: 'lead.status',
          entityType: kind === 'contact' ? 'contact_message' : 'quote_request',
          entityId: row.id,
          customerId: null,
          details: { status },
        });
        return row;
      });
    },
  );
};
