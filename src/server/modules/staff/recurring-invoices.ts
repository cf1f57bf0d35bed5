import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  recurringInvoiceActiveSchema,
  recurringInvoiceInputSchema,
  recurringInvoiceRunSchema,
  recurringInvoiceSchema,
} from '../../../shared/schemas/recurring-invoices.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  createRecurringInvoice,
  deleteRecurringInvoice,
  listRecurringInvoiceRuns,
  listRecurringInvoices,
  setRecurringInvoiceActive,
  updateRecurringInvoice,
} from '../../services/recurring-invoices.ts';
import { idParam, messageSchema } from '../route-schemas.ts';

const scheduleParams = idParam('scheduleId');
const refusals = { 400: messageSchema, 404: messageSchema };

/** A company's recurring invoices (issue 39 item 4, ADR 068): a card on its staff page. */
export const recurringInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/:customerId/recurring-invoices',
    {
      schema: {
        params: idParam('customerId'),
        response: { 200: z.array(recurringInvoiceSchema), ...refusals },
      },
    },
    (request) => app.db.transaction((tx) => listRecurringInvoices(tx, request.params.customerId)),
  );

  app.post(
    '/customers/:customerId/recurring-invoices',
    {
      schema: {
        params: idParam('customerId'),
        body: recurringInvoiceInputSchema,
        response: { 201: recurringInvoiceSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await app.write((tx) =>
        createRecurringInvoice(tx, actorOf(request), request.params.customerId, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/recurring-invoices/:scheduleId',
    {
      schema: {
        params: scheduleParams,
        body: recurringInvoiceInputSchema,
        response: { 200: recurringInvoiceSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) =>
        updateRecurringInvoice(tx, actorOf(request), request.params.scheduleId, request.body),
      ),
  );

  app.patch(
    '/recurring-invoices/:scheduleId',
    {
      schema: {
        params: scheduleParams,
        body: recurringInvoiceActiveSchema,
        response: { 200: recurringInvoiceSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) =>
        setRecurringInvoiceActive(
          tx,
          actorOf(request),
          request.params.scheduleId,
          request.body.active,
        ),
      ),
  );

  app.delete(
    '/recurring-invoices/:scheduleId',
    { schema: { params: scheduleParams, response: { 204: z.null(), ...refusals } } },
    async (request, reply) => {
      await app.write((tx) =>
        deleteRecurringInvoice(tx, actorOf(request), request.params.scheduleId),
      );
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/recurring-invoices/:scheduleId/runs',
    {
      schema: {
        params: scheduleParams,
        response: { 200: z.array(recurringInvoiceRunSchema), ...refusals },
      },
    },
    (request) =>
      app.db.transaction((tx) => listRecurringInvoiceRuns(tx, request.params.scheduleId)),
  );
};
