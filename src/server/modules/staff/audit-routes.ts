import { desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditLog, customers } from '../../db/schema.ts';
import { auditEntrySchema, auditQuerySchema } from '../../../shared/schemas/staff-audit.ts';
import { iso } from './lookups.ts';

const LIST_LIMIT = 500;

/** The audit log, newest first, optionally for one company. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    { schema: { querystring: auditQuerySchema, response: { 200: z.array(auditEntrySchema) } } },
    async (request) => {
      const { customerId } = request.query;
      const rows = await app.db
        .select({
          id: auditLog.id,
          actorName: auditLog.actorName,
          action: auditLog.action,
          entityType: auditLog.entityType,
          entityId: auditLog.entityId,
          customerId: auditLog.customerId,
          customerName: customers.name,
          details: auditLog.details,
          createdAt: auditLog.createdAt,
        })
        .from(auditLog)
        .leftJoin(customers, eq(customers.id, auditLog.customerId))
        .where(customerId ? eq(auditLog.customerId, customerId) : undefined)
        .orderBy(desc(auditLog.createdAt))
        .limit(LIST_LIMIT);
      return rows.map((r) => ({
        ...r,
        details: (r.details ?? null) as Record<string, unknown> | null,
        createdAt: iso(r.createdAt),
      }));
    },
  );
};
