import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { signInLogSchema } from '../../../shared/schemas/auth.ts';
import {
  invitationListSchema,
  invitationSchema,
  teamInviteSchema,
  teamListSchema,
  teamMemberChangeSchema,
  teamMemberSchema,
} from '../../../shared/schemas/team.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { changeMember, leaveCompany, listMembers } from '../../services/memberships.ts';
import { inviteToCompany, listInvitations, revokeInvitation } from '../../services/invitations.ts';
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
    async (request) => listMembers(app.db, companyOf(request).companyId),
  );

  // Review N3: the same 202 and invitation for every address; nothing is linked until the
  // invitee accepts through the mailed link (services/invitations.ts, ADR 046).
  app.post(
    '/team',
    {
      config: { ...writeLimit, permission: 'team' },
      schema: {
        params: companyParams,
        body: teamInviteSchema,
        response: {
          202: invitationSchema,
          400: messageSchema,
          409: messageSchema,
          429: messageSchema,
        },
      },
    },
    async (request, reply) => {
      const invitation = await app.write((tx) =>
        inviteToCompany(tx, {
          customerId: companyOf(request).companyId,
          ...request.body,
          actor: actorOf(request),
          appUrl: config.appUrl,
        }),
      );
      return reply.status(202).send(invitation);
    },
  );

  app.get(
    '/team/invitations',
    {
      config: { permission: 'team' },
      schema: { params: companyParams, response: { 200: invitationListSchema } },
    },
    async (request) => listInvitations(app.db, companyOf(request).companyId),
  );

  app.delete(
    '/team/invitations/:invitationId',
    {
      config: { ...writeLimit, permission: 'team' },
      schema: {
        params: companyParams.extend(idParam('invitationId').shape),
        response: { 204: z.null(), 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { invitationId } = request.params;
      const { companyId: customerId } = companyOf(request);
      await app.write((tx) =>
        revokeInvitation(tx, { customerId, invitationId, actor: actorOf(request) }),
      );
      return reply.status(204).send(null);
    },
  );

  // Any member leaves of their own accord; the last active admin cannot (409).
  app.delete(
    '/membership',
    {
      config: { ...writeLimit, permission: 'leave' },
      schema: { params: companyParams, response: { 204: z.null(), 409: messageSchema } },
    },
    async (request, reply) => {
      await app.write((tx) =>
        leaveCompany(tx, { customerId: companyOf(request).companyId, actor: actorOf(request) }),
      );
      return reply.status(204).send(null);
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
      const { userId } = request.params;
      const { companyId: customerId } = companyOf(request);
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
    async (request) => listSignIns(app.db, { customerId: companyOf(request).companyId }),
  );

  // The company sign-in policy (issue 19, ADR 042): the company's admins, like staff.
  app.get(
    '/team/sign-in-policy',
    {
      config: { permission: 'team' },
      schema: { params: companyParams, response: { 200: signInPolicySchema } },
    },
    async (request) => getSignInPolicy(app.db, companyOf(request).companyId),
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
          customerId: companyOf(request).companyId,
          policy: request.body.policy,
          actor: actorOf(request),
        }),
      ),
  );
};
