import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { slaTargetsInputSchema, slaTargetsSchema } from '../../../shared/schemas/sla.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { readSlaTargets, writeSlaTargets } from '../../services/sla.ts';
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
    (request) =>
      app.write(async (tx) => {
        const before = await readSlaTargets(tx);
        await writeSlaTargets(tx, request.body);
        const after = await readSlaTargets(tx);
        await recordAudit(tx, actorOf(request), {
          action: 'sla_targets.update',
          entityType: 'sla_targets',
          entityId: null,
          customerId: null,
          details: { before, after },
        });
        return after;
      }),
  );
};
