import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  leadKinds,
  leadQuerySchema,
  leadSchema,
  leadStatusUpdateSchema,
} from '../../../shared/schemas/staff-leads.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { setLeadStatus } from '../../services/leads.ts';
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
      return app.write((tx) =>
        setLeadStatus(tx, actorOf(request), { kind, id: leadId, status: request.body.status }),
      );
    },
  );
};
