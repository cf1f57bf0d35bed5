import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { customerUsers, customers, notificationPreferences, users } from '../../db/schema.ts';
import { HttpError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { enqueueMail } from '../../services/mail-outbox.ts';
import { deleteUserSessions } from '../../services/sessions.ts';
import {
  companyUserSchema,
  inviteSchema,
  otherCompanyOwnerSchema,
  staffMemberSchema,
  userActiveSchema,
} from '../../../shared/schemas/staff-customers.ts';
import { smallListQuerySchema } from '../../../shared/schemas/paging.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { activeStaff, staffMemberPages } from './small-list-pages.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { requireCompany, rethrowUnique } from './lookups.ts';
import { welcomeMail } from '../../services/welcome-mail.tsx';
import { ALREADY_MEMBER_MESSAGE, STAFF_INVITE_MESSAGE } from '../../../shared/schemas/team.ts';
import { resetSecondFactor } from '../../services/second-factor.ts';
import { secondFactorResetMail } from '../../services/second-factor-mail.tsx';
import { SECOND_FACTOR_MESSAGES } from '../../../shared/schemas/second-factor.ts';

/** Names of the other companies a user belongs to, in their order. */
async function otherCompaniesOf(tx: Tx, userId: string, customerId: string): Promise<string[]> {
  const rows = await tx
    .select({ name: customers.name })
    .from(customerUsers)
    .innerJoin(customers, eq(customers.id, customerUsers.customerId))
    .where(and(eq(customerUsers.userId, userId), ne(customerUsers.customerId, customerId)))
    .orderBy(asc(customerUsers.position));
  return rows.map((r) => r.name);
}

/** Staff must see whose address it is and confirm before a user gains another company's data. */
class OtherCompanyUser extends HttpError {
  constructor(
    readonly owner: { name: string; companies: string[] },
    message: string,
  ) {
    super(409, message);
  }
}

/** Inviting customer users to a company, (de)activating them, and the staff list for assignment. */
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

  // Issue 19: a colleague who lost their phone signs in again and enrols afresh. Never one's
  // own: the second factor would then rest on the mail link alone.
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
      const actor = actorOf(request);
      if (userId === actor.id) throw badRequest(SECOND_FACTOR_MESSAGES.ownReset);
      await app.write(async (tx) => {
        const [member] = await tx
          .select({ email: users.email, firstName: users.firstName })
          .from(users)
          .where(and(eq(users.id, userId), eq(users.role, 'staff')))
          .for('update');
        if (!member) throw notFound('Staff member not found');
        await resetSecondFactor(tx, userId);
        await enqueueMail(
          tx,
          secondFactorResetMail({
            to: member.email,
            firstName: member.firstName,
            resetBy: actor.name,
          }),
        );
        await recordAudit(tx, actor, {
          action: 'second_factor.reset',
          entityType: 'user',
          entityId: userId,
          customerId: null,
          details: { email: member.email },
        });
      });
      return reply.status(204).send(null);
    },
  );

  // A new way into a company (an admin, say): a stale or stolen session confirms its second
  // factor first (third outside attack, issue 35).
  app.post(
    '/customers/:customerId/users',
    {
      config: { assurance: 'staff-recent' },
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
      const { customerId } = request.params;
      const input = request.body;
      const actor = actorOf(request);
      let otherCompanies: string[] = [];
      const result = await app
        .write(async (tx) => {
          const company = await requireCompany(tx, customerId);
          const [existing] = await tx
            .select()
            .from(users)
            .where(eq(sql`lower(${users.email})`, input.email.toLowerCase()))
            .limit(1);
          let user = existing;
          if (user) {
            if (user.role === 'staff') throw conflict(STAFF_INVITE_MESSAGE);
            if (!user.active) throw conflict('This user is deactivated. Reactivate them first.');
            const member = await tx.$count(
              customerUsers,
              and(eq(customerUsers.userId, user.id), eq(customerUsers.customerId, customerId)),
            );
            if (member > 0) throw conflict(ALREADY_MEMBER_MESSAGE);
            otherCompanies = await otherCompaniesOf(tx, user.id, customerId);
            if (otherCompanies.length > 0 && !input.confirmOtherCompany) {
              const name = `${user.firstName} ${user.lastName}`.trim();
              throw new OtherCompanyUser(
                { name, companies: otherCompanies },
                `${user.email} belongs to ${name} of ${otherCompanies.join(', ')}. Confirm to add them to ${company.name} as well.`,
              );
            }
          } else {
            if (!input.firstName || !input.lastName) {
              throw badRequest('First and last name are required for a new user');
            }
            [user] = await tx
              .insert(users)
              .values({
                email: input.email,
                firstName: input.firstName,
                lastName: input.lastName,
                role: 'customer',
              })
              .returning();
            if (!user) throw new Error('user not created');
            await tx.insert(notificationPreferences).values({ userId: user.id });
          }
          // Appended after the user's other companies: the portal keeps showing the first one.
          const [link] = await tx
            .insert(customerUsers)
            .values({
              userId: user.id,
              customerId,
              // Issue 18: the first member of a company runs it; later ones start as members.
              role:
                input.role ??
                sql`(case when exists (select 1 from ${customerUsers} where ${customerUsers.customerId} = ${customerId} and ${customerUsers.role} = 'admin' and ${customerUsers.active}) then 'member' else 'admin' end)::company_role`,
              position: sql`(select coalesce(max(${customerUsers.position}) + 1, 0) from ${customerUsers} where ${customerUsers.userId} = ${user.id})`,
            })
            .onConflictDoNothing()
            .returning({ position: customerUsers.position, role: customerUsers.role });
          if (!link) throw conflict(ALREADY_MEMBER_MESSAGE);
          await enqueueMail(
            tx,
            welcomeMail({
              appUrl,
              to: user.email,
              firstName: user.firstName,
              companyName: company.name,
              invitedBy: actor.name,
              alsoIn: otherCompanies,
            }),
          );
          await recordAudit(tx, actor, {
            action: !existing
              ? 'user.invite'
              : otherCompanies.length > 0
                ? 'user.link-other-company'
                : 'user.link',
            entityType: 'user',
            entityId: user.id,
            customerId,
            details: {
              email: user.email,
              position: link.position,
              ...(otherCompanies.length > 0 ? { otherCompanies } : {}),
            },
          });
          return {
            created: !existing,
            user: {
              id: user.id,
              email: user.email,
              firstName: user.firstName,
              lastName: user.lastName,
              active: user.active,
              memberActive: true,
              position: link.position,
              role: link.role,
            },
          };
        })
        .catch((err: unknown) => {
          if (err instanceof OtherCompanyUser) {
            return { owner: err.owner, message: err.message };
          }
          return rethrowUnique(err, ALREADY_MEMBER_MESSAGE);
        });
      if ('owner' in result) return reply.status(409).send(result);
      return reply.status(201).send(result);
    },
  );

  app.patch(
    '/users/:userId',
    {
      config: { assurance: 'staff-session' },
      schema: {
        params: idParam('userId'),
        body: userActiveSchema,
        response: { 200: z.object({ id: z.string(), active: z.boolean() }) },
      },
    },
    async (request) => {
      const { userId } = request.params;
      const { active } = request.body;
      const actor = actorOf(request);
      if (userId === actor.id && !active)
        throw badRequest('You cannot deactivate your own account');
      return app.write(async (tx) => {
        const [row] = await tx
          .update(users)
          .set({ active, updatedAt: sql`now()` })
          .where(eq(users.id, userId))
          .returning({ id: users.id, active: users.active, email: users.email });
        if (!row) throw notFound('User not found');
        // A deactivated user is signed out everywhere at once.
        if (!active) await deleteUserSessions(tx, userId);
        const [first] = await tx
          .select({ customerId: customerUsers.customerId })
          .from(customerUsers)
          .where(eq(customerUsers.userId, userId))
          .orderBy(asc(customerUsers.position))
          .limit(1);
        await recordAudit(tx, actor, {
          action: active ? 'user.activate' : 'user.deactivate',
          entityType: 'user',
          entityId: userId,
          customerId: first?.customerId ?? null,
          details: { email: row.email },
        });
        return { id: row.id, active: row.active };
      });
    },
  );
};
