import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  companySlaTargetsInputSchema,
  companySlaTargetsSchema,
} from '../../../shared/schemas/sla.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  changeCompanySlaTargets,
  companySlaTargetsOf,
} from '../../services/helpdesk/company-sla-targets.ts';
import { idParam, messageSchema } from '../route-schemas.ts';

/** A company's own SLA targets (ADR 064): read, set, or cleared back to the default. */
export const companySlaTargetRoutes: FastifyPluginAsyncZod = async (app) => {
  const params = idParam('customerId');
  const url = '/customers/:customerId/sla-targets';
  const response = { 200: companySlaTargetsSchema, 404: messageSchema };

  app.get(url, { schema: { params, response } }, (request) =>
    companySlaTargetsOf(app.db, request.params.customerId),
  );

  app.put(
    url,
    {
      schema: {
        params,
        body: companySlaTargetsInputSchema,
        response: { ...response, 400: messageSchema },
      },
    },
    (request) =>
      app.write((tx) =>
        changeCompanySlaTargets(tx, actorOf(request), request.params.customerId, request.body),
      ),
  );

  app.delete(url, { schema: { params, response } }, (request) =>
    app.write((tx) =>
      changeCompanySlaTargets(tx, actorOf(request), request.params.customerId, null),
    ),
  );
};
