import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assignmentRuleSchema, availabilitySchema } from '../../../shared/schemas/assignment.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  changeAssignmentRule,
  readAssignmentRule,
} from '../../services/helpdesk/assignment-rule.ts';
import { readAvailability, setOwnAvailability } from '../../services/staff-availability.ts';
import { messageSchema } from '../route-schemas.ts';

/**
 * The help desk's assignment rule and the signed-in agent's own availability (issue 38, ADR
 * 063). Availability is a person's: an API token acts for no one at a desk, so it needs a
 * staff session.
 */
export const assignmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/assignment-rule', { schema: { response: { 200: assignmentRuleSchema } } }, () =>
    readAssignmentRule(app.db),
  );

  app.put(
    '/assignment-rule',
    {
      schema: {
        body: assignmentRuleSchema,
        response: { 200: assignmentRuleSchema, 400: messageSchema },
      },
    },
    (request) => app.write((tx) => changeAssignmentRule(tx, actorOf(request), request.body)),
  );

  app.get(
    '/me/availability',
    {
      // Only who may be given tickets has an availability (ADR 058, 063).
      config: { assurance: 'staff-session', staffArea: 'helpdesk' },
      schema: { response: { 200: availabilitySchema } },
    },
    (request) => readAvailability(app.db, actorOf(request).id),
  );

  app.put(
    '/me/availability',
    {
      // Only who may be given tickets has an availability (ADR 058, 063).
      config: { assurance: 'staff-session', staffArea: 'helpdesk' },
      schema: {
        body: availabilitySchema,
        response: { 200: availabilitySchema, 400: messageSchema },
      },
    },
    (request) => app.write((tx) => setOwnAvailability(tx, actorOf(request), request.body)),
  );
};
