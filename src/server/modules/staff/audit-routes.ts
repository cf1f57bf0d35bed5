import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isoTimestamp } from '../../db/json-list.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { auditLog, customers } from '../../db/schema.ts';
import {
  auditEntrySchema,
  auditQuerySchema,
  type AuditEntry,
} from '../../../shared/schemas/staff-audit.ts';
import { messageSchema } from '../route-schemas.ts';

/** The audit log in pages, newest first; `q` on who, the action, the record and the company. */
const auditPages: PagedList<AuditEntry, 'customerId'> = {
  name: 'staff-audit',
  scope: 'staff',
  from: sql`${auditLog} left join ${customers} on ${customers.id} = ${auditLog.customerId}`,
  row: () => ({
    id: auditLog.id,
    actorName: auditLog.actorName,
    action: auditLog.action,
    entityType: auditLog.entityType,
    entityId: auditLog.entityId,
    customerId: auditLog.customerId,
    customerName: customers.name,
    details: auditLog.details,
    createdAt: isoTimestamp(auditLog.createdAt),
  }),
  order: [
    { expr: auditLog.createdAt, desc: true, type: 'timestamptz' },
    { expr: auditLog.id, desc: true, type: 'uuid' },
  ],
  search: [auditLog.actorName, auditLog.action, auditLog.entityId, customers.name],
  filters: { customerId: auditLog.customerId },
};

/** The audit log, newest first, optionally for one company. */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/audit',
    {
      schema: {
        querystring: auditQuerySchema,
        response: { 200: z.array(auditEntrySchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, auditPages, {
        query: request.query,
      }),
  );
};
