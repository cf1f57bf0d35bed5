import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { signInLogSchema, staffSignInQuerySchema } from '../../../shared/schemas/auth.ts';
import {
  teamListSchema,
  teamMemberChangeSchema,
  teamMemberSchema,
} from '../../../shared/schemas/team.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { changeMember, listMembers } from '../../services/memberships.ts';
import { signInPages } from './sign-in-pages.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { requireCompany } from '../../services/companies.ts';

/**
 * Issue 18: staff's controls over a company's members, the same rules as the company
 * admins' colleagues screen (services/memberships.ts); and every account's sign-in log.
 */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  const companyParams = idParam('customerId');

  app.get(
    '/customers/:customerId/members',
    { schema: { params: companyParams, response: { 200: teamListSchema, 404: messageSchema } } },
    async (request) => {
      await requireCompany(app.db, request.params.customerId);
      return listMembers(app.db, request.params.customerId);
    },
  );

  app.patch(
    '/customers/:customerId/members/:userId',
    {
      config: { assurance: 'staff-session' },
      schema: {
        params: companyParams.extend(idParam('userId').shape),
        body: teamMemberChangeSchema,
        response: { 200: teamMemberSchema, 404: messageSchema, 409: messageSchema },
      },
    },
    async (request) => {
      const { customerId, userId } = request.params;
      return app.write((tx) =>
        changeMember(tx, { customerId, userId, change: request.body, actor: actorOf(request) }),
      );
    },
  );

  app.get(
    '/sign-ins',
    {
      config: { staffArea: 'auditLogs' },
      schema: {
        querystring: staffSignInQuerySchema,
        response: { 200: signInLogSchema, 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, signInPages, {
        query: request.query,
      }),
  );
};
