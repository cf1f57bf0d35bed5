import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  companyUserSchema,
  inviteSchema,
  otherCompanyOwnerSchema,
  staffMemberSchema,
  staffRoleChangeSchema,
  userActiveSchema,
} from '../../../shared/schemas/staff-customers.ts';
import { smallListQuerySchema } from '../../../shared/schemas/paging.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { activeStaff, staffMemberPages } from './small-list-pages.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { addCompanyUser } from '../../services/invitations.ts';
import { resetColleagueSecondFactor, setUserActive } from '../../services/users.ts';
import { changeStaffRole } from '../../services/staff-roles.ts';
import { staffRoles } from '../../../shared/staff-permissions.ts';

/**
 * The staff list (assignment), staff roles and second-factor resets; inviting customer users to
 * a company and (de)activating them (area `companies`).
 */
export const userRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (app, { appUrl }) => {
  app.get(
    '/staff-members',
    {
      schema: {
        querystring: smallListQuerySchema,
        response: { 200: z.array(staffMemberSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, staffMemberPages, {
        where: activeStaff,
        query: request.query,
      }),
  );

  // ADR 058: who may do what in the workspace; the last admin stays one.
  app.put(
    '/staff-members/:userId/role',
    {
      config: { assurance: 'staff-recent' },
      schema: {
        params: idParam('userId'),
        body: staffRoleChangeSchema,
        response: {
          200: z.object({ id: z.string(), role: z.enum(staffRoles) }),
          404: messageSchema,
          409: messageSchema,
        },
      },
    },
    async (request) =>
      app.write((tx) =>
        changeStaffRole(tx, actorOf(request), request.params.userId, request.body.role),
      ),
  );

  // Issue 19: a colleague who lost their phone signs in again and enrols afresh.
  app.post(
    '/staff-members/:userId/second-factor/reset',
    {
      config: { assurance: 'staff-recent' },
      schema: {
        params: idParam('userId'),
        response: { 204: z.null(), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { userId } = request.params;
      await app.write((tx) => resetColleagueSecondFactor(tx, actorOf(request), userId));
      return reply.status(204).send(null);
    },
  );

  // A new way into a company (an admin, say): a stale or stolen session confirms its second
  // factor first (third outside attack, issue 35).
  app.post(
    '/customers/:customerId/users',
    {
      config: { assurance: 'staff-recent', staffArea: 'companies' },
      schema: {
        params: idParam('customerId'),
        body: inviteSchema,
        response: {
          201: z.object({ user: companyUserSchema, created: z.boolean() }),
          409: z.union([otherCompanyOwnerSchema, messageSchema]),
        },
      },
    },
    async (request, reply) => {
      const result = await app.write((tx) =>
        addCompanyUser(tx, {
          customerId: request.params.customerId,
          invite: request.body,
          actor: actorOf(request),
          appUrl,
        }),
      );
      return reply.status('owner' in result ? 409 : 201).send(result);
    },
  );

  app.patch(
    '/users/:userId',
    {
      config: { assurance: 'staff-session', staffArea: 'companies' },
      schema: {
        params: idParam('userId'),
        body: userActiveSchema,
        response: { 200: z.object({ id: z.string(), active: z.boolean() }) },
      },
    },
    async (request) =>
      app.write((tx) =>
        setUserActive(tx, actorOf(request), request.params.userId, request.body.active),
      ),
  );
};
