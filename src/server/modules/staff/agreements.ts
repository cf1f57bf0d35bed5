import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agreementInputSchema,
  agreementSchema,
  agreementStatuses,
  agreementStatusSchema,
} from '../../../shared/schemas/agreements.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  agreementsByIds,
  createAgreement,
  endAgreement,
  updateAgreement,
} from '../../services/agreements.ts';
import { requireCompany } from '../../services/companies.ts';
import { agreementPages } from './agreement-pages.ts';
import { idParam, messageSchema } from '../route-schemas.ts';

const agreementParams = idParam('agreementId');
const refusals = { 400: messageSchema, 404: messageSchema, 409: messageSchema };

/** A company's agreements (issue 40, ADR 071): a card on its staff page. */
export const agreementRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/customers/:customerId/agreements',
    {
      schema: {
        params: idParam('customerId'),
        querystring: pageQuerySchema({ status: agreementStatuses }),
        response: { 200: z.array(agreementSchema), ...refusals },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      await requireCompany(app.db, customerId);
      return app.sendExpandedPage(
        request,
        reply,
        agreementPages,
        { scopeId: customerId, query: request.query },
        (rows) =>
          agreementsByIds(
            app.db,
            rows.map((r) => r.id),
          ),
      );
    },
  );

  app.post(
    '/customers/:customerId/agreements',
    {
      schema: {
        params: idParam('customerId'),
        body: agreementInputSchema,
        response: { 201: agreementSchema, ...refusals },
      },
    },
    async (request, reply) => {
      const created = await app.write((tx) =>
        createAgreement(tx, actorOf(request), request.params.customerId, request.body),
      );
      return reply.status(201).send(created);
    },
  );

  app.put(
    '/agreements/:agreementId',
    {
      schema: {
        params: agreementParams,
        body: agreementInputSchema,
        response: { 200: agreementSchema, ...refusals },
      },
    },
    (request) =>
      app.write((tx) =>
        updateAgreement(tx, actorOf(request), request.params.agreementId, request.body),
      ),
  );

  app.patch(
    '/agreements/:agreementId',
    {
      schema: {
        params: agreementParams,
        body: agreementStatusSchema,
        response: { 200: agreementSchema, ...refusals },
      },
    },
    (request) => app.write((tx) => endAgreement(tx, actorOf(request), request.params.agreementId)),
  );
};
