import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  markStaffNotificationsReadSchema,
  staffNotificationsSchema,
} from '../../../shared/schemas/staff-notifications.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import {
  listStaffNotifications,
  markStaffNotificationsRead,
} from '../../services/staff-notifications.ts';
import { messageSchema } from '../route-schemas.ts';

/** The signed-in staff member's own notices (ADR 064): the header's bell and its list. */
export const staffNotificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/notifications',
    { schema: { response: { 200: staffNotificationsSchema } } },
    (request) => listStaffNotifications(app.db, actorOf(request).id),
  );

  app.post(
    '/notifications/read',
    {
      schema: {
        body: markStaffNotificationsReadSchema,
        response: { 200: staffNotificationsSchema, 400: messageSchema },
      },
    },
    (request) =>
      app.write((tx) =>
        markStaffNotificationsRead(
          tx,
          actorOf(request),
          'ids' in request.body ? request.body.ids : undefined,
        ),
      ),
  );
};
