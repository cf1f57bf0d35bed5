import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slaTargetsInputSchema, slaTargetsSchema } from '../../../shared/schemas/sla.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { readSlaTargets } from '../../services/helpdesk/sla.ts';
import { changeSlaTargets } from '../../services/helpdesk/sla-targets.ts';
import { messageSchema } from '../route-schemas.ts';

/** The SLA targets per priority (issue 17): every agent reads them; a change is audited. */
export const slaTargetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/sla-targets', { schema: { response: { 200: slaTargetsSchema } } }, () =>
    readSlaTargets(app.db),
  );

  app.put(
    '/sla-targets',
    {
      schema: {
        body: slaTargetsInputSchema,
        response: { 200: slaTargetsSchema, 400: messageSchema },
      },
    },
    (request) => app.write((tx) => changeSlaTargets(tx, actorOf(request), request.body)),
  );
};
