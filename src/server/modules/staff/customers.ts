import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import {
  companyDetailSchema,
  companyQuerySchema,
  companySchema,
  companySummarySchema,
} from '../../../shared/schemas/staff-customers.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { companyPages } from './company-pages.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';

// Written out in full: drizzle drops the table prefix on single-table selects, which makes "id" ambiguous here.
const userCount = sql<number>`(select count(*)::int from customer_users cu where cu.customer_id = "customers"."id")`;
const openTickets = sql<number>`(select count(*)::int from tickets t where t.customer_id = "customers"."id" and t.status <> 'closed')`;

const summaryColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  userCount,
  openTickets,
};

async function loadSummary(db: Db, customerId: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw notFound('Company not found');
  return row;
}

/** Companies: list, create, read (its lists are routes of their own: company-lists.ts), edit. */
export const customerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers',
    {
      schema: {
        querystring: companyQuerySchema,
        response: { 200: z.array(companySummarySchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, companyPages, {
        query: request.query,
      }),
  );

  app.post(
    '/customers',
    { schema: { body: companySchema, response: { 201: companySummarySchema } } },
    async (request, reply) => {
      const input = request.body;
      const id = await app.write(async (tx) => {
        const [row] = await tx
          .insert(customers)
          .values({
            name: input.name,
            email: input.email ?? null,
            phone: input.phone ?? null,
            address: input.address ?? null,
          })
          .returning({ id: customers.id });
        if (!row) throw new Error('company not created');
        await recordAudit(tx, actorOf(request), {
          action: 'customer.create',
          entityType: 'customer',
          entityId: row.id,
          customerId: row.id,
          details: { name: input.name },
        });
        return row.id;
      });
      return reply.status(201).send(await loadSummary(app.db, id));
    },
  );

  app.get(
    '/customers/:customerId',
    { schema: { params: idParam('customerId'), response: { 200: companyDetailSchema } } },
    async (request) => {
      const { customerId } = request.params;
      return loadSummary(app.db, customerId);
    },
  );

  app.put(
    '/customers/:customerId',
    {
      schema: {
        params: idParam('customerId'),
        body: companySchema,
        response: { 200: companySummarySchema },
      },
    },
    async (request) => {
      const { customerId } = request.params;
      const input = request.body;
      await app.write(async (tx) => {
        const [row] = await tx
          .update(customers)
          .set({
            name: input.name,
            email: input.email ?? null,
            phone: input.phone ?? null,
            address: input.address ?? null,
            updatedAt: sql`now()`,
          })
          .where(eq(customers.id, customerId))
          .returning({ id: customers.id });
        if (!row) throw notFound('Company not found');
        await recordAudit(tx, actorOf(request), {
          action: 'customer.update',
          entityType: 'customer',
          entityId: customerId,
          customerId,
          details: { ...input },
        });
      });
      return loadSummary(app.db, customerId);
    },
  );
};
