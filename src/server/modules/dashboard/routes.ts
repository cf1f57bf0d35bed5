import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dashboardSchema,
  type Dashboard,
  type DashboardTicket,
} from '../../../shared/schemas/dashboard.ts';
import { invoiceListJson } from '../../db/invoice-list.ts';
import {
  isoTimestamp,
  jsonArrayText,
  jsonFields,
  selectJsonText,
  sendJsonText,
  type JsonText,
} from '../../db/json-list.ts';
import { projectListJson } from '../../db/project-list.ts';
import { projects, tickets } from '../../db/schema.ts';
import { customerParams } from '../customer-params.ts';
import { dashboardStatsJson } from './stats.ts';

/** Each dashboard list card shows this many rows; its "View All" link leads to the rest. */
export const DASHBOARD_LIST_SIZE = 5;

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const dashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/dashboard',
    { schema: { params: customerParams, response: { 200: dashboardSchema } } },
    async (request, reply) => {
      const { customerId } = request.params;
      const recentTickets = app.db
        .select(
          jsonFields<DashboardTicket>({
            id: tickets.id,
            subject: tickets.subject,
            priority: tickets.priority,
            status: tickets.status,
            createdAt: isoTimestamp(tickets.createdAt),
          }),
        )
        .from(tickets)
        .where(eq(tickets.customerId, customerId))
        .orderBy(desc(tickets.createdAt), desc(tickets.id))
        .limit(DASHBOARD_LIST_SIZE);
      // The figures and the three cards in one statement: on the embedded database each
      // statement costs far more than its work (docs/decisions/pglite-turns.md).
      const json = await selectJsonText(
        app.db,
        sql<JsonText<Dashboard>>`'{"stats":' || ${dashboardStatsJson(customerId)}
          || ',"recentInvoices":' || ${invoiceListJson(app.db, customerId, { limit: DASHBOARD_LIST_SIZE })}
          || ',"activeProjects":' || ${projectListJson(app.db, customerId, {
            limit: DASHBOARD_LIST_SIZE,
            where: eq(projects.status, 'in-progress'),
          })}
          || ',"recentTickets":' || ${jsonArrayText(recentTickets)} || '}'`,
      );
      return sendJsonText(reply, json);
    },
  );
};
