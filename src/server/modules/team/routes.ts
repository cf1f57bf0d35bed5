import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import { signInLogSchema } from '../../../shared/schemas/auth.ts';
import {
  teamInviteSchema,
  teamListSchema,
  teamMemberChangeSchema,
  teamMemberSchema,
} from '../../../shared/schemas/team.ts';
import { actorOf, userOf } from '../../plugins/session/actor.ts';
import { changeMember, inviteMember, listMembers } from '../../services/memberships.ts';
import { listSignIns } from '../../services/sign-in-log.ts';
import { getSignInPolicy, setSignInPolicy } from '../../services/company-sso.ts';
import { signInPolicyBodySchema, signInPolicySchema } from '../../../shared/schemas/sso.ts';
import { companyParams, idParam, messageSchema } from '../route-schemas.ts';

/**
 * The colleagues screen's API (issue 18), `/api/customers/:customerId/team...`: registered
 * inside the company scope, whose hook lets only the company's admins through (`team`).
 */
export const teamRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (app, { config }) => {
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: '1 minute' } };
  const memberParams = companyParams.extend(idParam('userId').shape);

  app.get(
    '/team',
    {
      config: { permission: 'team' },
      schema: { params: companyParams, response: { 200: teamListSchema } },
    },
    async (request) => listMembers(app.db, request.params.customerId),
  );

  app.post(
    '/team',
    {
      config: { ...writeLimit, permission: 'team' },
      schema: {
        params: companyParams,
        body: teamInviteSchema,
        response: { 201: teamMemberSchema, 400: messageSchema, 409: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const company = userOf(request).customers.find((c) => c.id === customerId);
      const member = await app.write((tx) =>
        inviteMember(tx, {
          customerId,
          ...request.body,
          actor: actorOf(request),
          appUrl: config.appUrl,
          ...(company ? { inviterCompany: company.name } : {}),
        }),
      );
      return reply.status(201).send(member);
    },
  );

  app.patch(
    '/team/:userId',
    {
      config: { ...writeLimit, permission: 'team' },
      schema: {
        params: memberParams,
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
      config: { permission: 'team' },
      schema: { params: companyParams, response: { 200: signInLogSchema } },
    },
    async (request) => listSignIns(app.db, { customerId: request.params.customerId }),
  );

  // The company sign-in policy (issue 19, ADR 042): the company's admins, like staff.
  app.get(
    '/team/sign-in-policy',
    {
      config: { permission: 'team' },
      schema: { params: companyParams, response: { 200: signInPolicySchema } },
    },
    async (request) => getSignInPolicy(app.db, request.params.customerId),
  );

  app.put(
    '/team/sign-in-policy',
    {
      // How every colleague signs in: a stolen old session cannot loosen (or lock) it.
      config: { ...writeLimit, permission: 'team', assurance: 'recent-sign-in' },
      schema: {
        params: companyParams,
        body: signInPolicyBodySchema,
        response: { 200: signInPolicySchema, 400: messageSchema },
      },
    },
    async (request) =>
      app.write((tx) =>
        setSignInPolicy(tx, {
          customerId: request.params.customerId,
          policy: request.body.policy,
          actor: actorOf(request),
        }),
      ),
  );
};
