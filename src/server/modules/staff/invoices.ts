import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceInputSchema, staffInvoiceSchema } from '../../../shared/schemas/invoices.ts';
import { idParam } from '../route-schemas.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { createInvoice, updateInvoice } from '../../services/invoices.ts';
import { expireOpenCheckouts } from '../../services/online-payments/checkout.ts';

/** Publishing and editing a company's invoices (services/invoices.ts). */
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
      const created = await app.write((tx) =>
        createInvoice(tx, actorOf(request), customerId, request.body),
      );
      return reply.status(201).send(created);
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
      const updated = await app.write((tx) =>
        updateInvoice(tx, actorOf(request), request.params.invoiceId, request.body),
      );
      // Paid by hand: the customer's open Checkout pages go (ADR 067 addendum).
      if (updated.status === 'paid' && app.stripe)
        await expireOpenCheckouts(app.db, app.stripe, updated.id);
      return updated;
    },
  );
};
