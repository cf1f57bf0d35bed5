import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListSchema, type Activity } from '../../../shared/schemas/dashboard.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { activities } from '../../db/schema.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { visibleActivities } from '../../services/role-filters.ts';

/** The feed shows recent events; older ones are further pages (`Link`), and stay for staff. */
export const ACTIVITY_LIMIT = 20;

const activityPages: PagedList<Activity> = {
  name: 'activities',
  from: sql`${activities}`,
  scope: activities.customerId,
  row: () => ({
    id: activities.id,
    type: activities.type,
    title: activities.title,
    createdAt: isoTimestamp(activities.createdAt),
  }),
  order: [
    { expr: activities.createdAt, desc: true, type: 'timestamptz' },
    { expr: activities.id, desc: true, type: 'uuid' },
  ],
  search: activities.title,
  filters: {},
};

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities',
    {
      config: { permission: 'activities' },
      schema: {
        params: companyParams,
        querystring: pageQuerySchema({}, { defaultLimit: ACTIVITY_LIMIT }),
        response: { 200: activityListSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      return app.sendPage(request, reply, activityPages, {
        where: visibleActivities(companyOf(request).role),
        query: request.query,
      });
    },
  );
};
