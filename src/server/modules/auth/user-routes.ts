import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import { notificationPreferences, users } from '../../db/schema.ts';
import { sendJsonText } from '../../db/json-list.ts';
import { userOf } from '../../plugins/session/actor.ts';
import { loadCurrentUser } from '../../services/current-user.ts';
import { deleteUserSessions } from '../../services/sessions.ts';
import {
  currentUserSchema,
  notificationPreferencesSchema,
  signInLogSchema,
} from '../../../shared/schemas/auth.ts';
import { listSignIns } from '../../services/sign-in-log.ts';
import {
  notificationDelivery,
  setNotificationDelivery,
} from '../../services/notification-preferences.ts';
import { notificationDeliverySchema } from '../../../shared/schemas/notifications.ts';
import { profileSchema } from '../../../shared/schemas/profile.ts';
import { messageSchema } from '../route-schemas.ts';
import { saveProfile } from './email-change.ts';
import { assure } from '../../plugins/session/assurance.ts';

const errors = { 400: messageSchema, 401: messageSchema, 429: messageSchema };

/** Changes to the signed-in user's own account. */
const signedInAccountRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  assure(app, 'signed-in');
  const writeLimit = { rateLimit: { max: 30 * config.rateLimitScale, timeWindow: 60_000 } };

  // Issue 18: the profile page's own sign-in log.
  app.get(
    '/api/auth/sign-ins',
    {
      onRequest: app.limitReads,
      schema: { response: { 200: signInLogSchema, 401: messageSchema, 429: messageSchema } },
    },
    async (request) => listSignIns(app.db, { userId: userOf(request).id }),
  );

  app.put(
    '/api/auth/profile',
    {
      config: writeLimit,
      schema: { body: profileSchema, response: { 200: currentUserSchema, ...errors } },
    },
    async (request) => {
      const user = userOf(request);
      // A new address waits for its owner's confirmation: the answer still has the old one.
      await app.write((tx) => saveProfile(tx, user, request.body, config.appUrl));
      const [saved] = await app.db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(eq(users.id, user.id));
      return loadCurrentUser(app.db, { ...user, staffRole: user.staffRole ?? null, ...saved });
    },
  );

  app.put(
    '/api/auth/notifications',
    {
      config: writeLimit,
      schema: {
        body: notificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
    },
    async (request) => {
      const { id: userId } = userOf(request);
      const prefs = request.body;
      await app.db
        .insert(notificationPreferences)
        .values({ userId, ...prefs })
        .onConflictDoUpdate({
          target: notificationPreferences.userId,
          set: { ...prefs, updatedAt: new Date() },
        });
      const [saved] = await app.db
        .select()
        .from(notificationPreferences)
        .where(eq(notificationPreferences.userId, userId));
      return notificationPreferencesSchema.parse(saved);
    },
  );

  // Issue 21: notification mails one by one, or as one daily digest.
  app.get(
    '/api/auth/notifications/delivery',
    {
      onRequest: app.limitReads,
      schema: {
        response: { 200: notificationDeliverySchema, 401: messageSchema, 429: messageSchema },
      },
    },
    async (request) => ({ delivery: await notificationDelivery(app.db, userOf(request).id) }),
  );

  app.put(
    '/api/auth/notifications/delivery',
    {
      config: writeLimit,
      schema: {
        body: notificationDeliverySchema,
        response: { 200: notificationDeliverySchema, ...errors },
      },
    },
    async (request) => {
      const { delivery } = request.body;
      await app.write((tx) => setNotificationDelivery(tx, userOf(request).id, delivery));
      return { delivery };
    },
  );

  app.post(
    '/api/auth/logout-all',
    {
      config: writeLimit,
      schema: { response: { 204: z.null(), 401: messageSchema, 429: messageSchema } },
    },
    async (request, reply) => {
      const { id: userId } = userOf(request);
      await deleteUserSessions(app.db, userId);
      request.log.info({ userId }, 'signed out of every session');
      return reply.clearSessionCookie().status(204).send();
    },
  );
};

/** The signed-in user's own account: who am I, profile, notification preferences, sign out everywhere. */
export const currentUserRoutes: FastifyPluginAsyncZod<{ config: Config }> = async (
  app,
  { config },
) => {
  app.get(
    '/api/auth/user',
    {
      // Who am I: the client learns here that the second factor is still pending.
      config: { assurance: 'half-signed-in' },
      onRequest: app.limitReads,
      schema: { response: { 200: currentUserSchema, 401: messageSchema, 429: messageSchema } },
    },
    async (request, reply) => {
      const json = await request.loadUserJson();
      if (json === null) throw app.signedOut(request, reply);
      return sendJsonText(reply, json);
    },
  );

  await app.register(signedInAccountRoutes, { config });
};
