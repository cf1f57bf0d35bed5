import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { invoices } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { invoiceInputSchema, staffInvoiceSchema } from '../../../shared/schemas/invoices.ts';
import { idParam } from '../route-schemas.ts';
import { recordActivity } from '../../services/activity.ts';
import { recordInvoiceEvents } from '../../services/domain-events.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { requireCompany, rethrowUnique } from './lookups.ts';

const DUPLICATE = 'An invoice with this number already exists';

const toApi = (row: typeof invoices.$inferSelect) => ({
  id: row.id,
  number: row.number,
  description: row.description,
  amount: Number(row.amount),
  status: row.status,
  issueDate: row.issueDate,
  dueDate: row.dueDate,
  paymentUrl: row.paymentUrl,
});

type Input = z.output<typeof invoiceInputSchema>;
const toRow = (input: Input) => ({ ...input, amount: input.amount.toFixed(2) });

/** Publishing and editing a company's invoices; "paid" and new invoices show on its dashboard. */
export const staffInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/:customerId/invoices',
    {
      schema: {
        params: idParam('customerId'),
        body: invoiceInputSchema,
        response: { 201: staffInvoiceSchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const input = request.body;
      const row = await app
        .write(async (tx) => {
          await requireCompany(tx, customerId);
          const [created] = await tx
            .insert(invoices)
            .values({ customerId, ...toRow(input) })
            .returning();
          if (!created) throw new Error('invoice not created');
          await recordActivity(tx, customerId, 'other', `New invoice ${created.number} issued`);
          await recordInvoiceEvents(tx, created, null);
          if (created.status === 'paid') {
            await recordActivity(
              tx,
              customerId,
              'payment',
              `Payment received for ${created.number}`,
            );
          }
          await recordAudit(tx, actorOf(request), {
            action: 'invoice.create',
            entityType: 'invoice',
            entityId: created.id,
            customerId,
            details: { number: created.number, amount: created.amount, status: created.status },
          });
          return created;
        })
        .catch((err: unknown) => rethrowUnique(err, DUPLICATE));
      return reply.status(201).send(toApi(row));
    },
  );

  app.put(
    '/invoices/:invoiceId',
    {
      schema: {
        params: idParam('invoiceId'),
        body: invoiceInputSchema,
        response: { 200: staffInvoiceSchema },
      },
    },
    async (request) => {
      const { invoiceId } = request.params;
      const input = request.body;
      const row = await app
        .write(async (tx) => {
          const [before] = await tx
            .select({ status: invoices.status })
            .from(invoices)
            .where(eq(invoices.id, invoiceId))
            .for('update')
            .limit(1);
          if (!before) throw notFound('Invoice not found');
          const [updated] = await tx
            .update(invoices)
            .set({ ...toRow(input), updatedAt: sql`now()` })
            .where(eq(invoices.id, invoiceId))
            .returning();
          if (!updated) throw notFound('Invoice not found');
          await recordInvoiceEvents(tx, updated, before.status);
          if (updated.status === 'paid' && before.status !== 'paid') {
            await recordActivity(
              tx,
              updated.customerId,
              'payment',
              `Payment received for ${updated.number}`,
            );
          }
          await recordAudit(tx, actorOf(request), {
            action: 'invoice.update',
            entityType: 'invoice',
            entityId: updated.id,
            customerId: updated.customerId,
            details: { number: updated.number, amount: updated.amount, status: updated.status },
          });
          return updated;
        })
        .catch((err: unknown) => rethrowUnique(err, DUPLICATE));
      return toApi(row);
    },
  );
};
