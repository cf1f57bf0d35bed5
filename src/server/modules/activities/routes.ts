import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activityListSchema } from '../../../shared/schemas/dashboard.ts';
import { activities } from '../../db/schema.ts';
import { companyParams } from '../route-schemas.ts';

/** The feed shows recent events; older ones stay in the table for staff. */
export const ACTIVITY_LIMIT = 20;

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/activities',
    { schema: { params: companyParams, response: { 200: activityListSchema } } },
    async (request) => {
      const rows = await app.db
        .select({
          id: activities.id,
          type: activities.type,
          title: activities.title,
          createdAt: activities.createdAt,
        })
        .from(activities)
        .where(eq(activities.customerId, request.params.customerId))
        .orderBy(desc(activities.createdAt), desc(activities.id))
        .limit(ACTIVITY_LIMIT);
      return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
    },
  );
};
