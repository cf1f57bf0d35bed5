import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardSchema } from '../../../shared/schemas/dashboard.ts';
import { projects, tickets } from '../../db/schema.ts';
import { parseJsonText } from '../../db/json-list.ts';
import { customerParams } from '../customer-params.ts';
import { listInvoices } from '../invoices/queries.ts';
import { listProjects } from '../projects/queries.ts';
import { dashboardStats } from './stats.ts';

/** Each dashboard list card shows this many rows; its "View All" link leads to the rest. */
export const DASHBOARD_LIST_SIZE = 5;

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { params: customerParams, response: { 200: dashboardSchema } } },
    async (request) => {
      const { customerId } = request.params;
      const [stats, recentInvoices, activeProjects, recentTickets] = await Promise.all([
        dashboardStats(app.db, customerId),
        listInvoices(app.db, customerId, { limit: DASHBOARD_LIST_SIZE }),
        listProjects(app.db, customerId, {
          limit: DASHBOARD_LIST_SIZE,
          where: eq(projects.status, 'in-progress'),
        }),
        app.db
          .select({
            id: tickets.id,
            subject: tickets.subject,
            priority: tickets.priority,
            status: tickets.status,
            createdAt: tickets.createdAt,
          })
          .from(tickets)
          .where(eq(tickets.customerId, customerId))
          .orderBy(desc(tickets.createdAt), desc(tickets.id))
          .limit(DASHBOARD_LIST_SIZE),
      ]);
      return {
        stats,
        recentInvoices: parseJsonText(recentInvoices),
        activeProjects: parseJsonText(activeProjects),
        recentTickets: recentTickets.map((t) => ({ ...t, createdAt: t.createdAt.toISOString() })),
      };
    },
  );
};
