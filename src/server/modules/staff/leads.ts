import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contactMessages, quoteRequests } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  leadKinds,
  leadQuerySchema,
  leadSchema,
  leadStatusUpdateSchema,
} from '../../../shared/schemas/staff-leads.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { messageSchema } from '../route-schemas.ts';
import { leadPages } from './lead-pages.ts';

/** Contact messages and quote requests in one newest-first list; sales marks them handled. */
export const leadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/leads',
    {
      schema: {
        querystring: leadQuerySchema,
        response: { 200: z.array(leadSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, leadPages, {
        query: request.query,
      }),
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
