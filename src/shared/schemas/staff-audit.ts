import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';

/** The audit log's page (issue 20): `limit`, `cursor`, `q` and the company. */
export const auditQuerySchema = pageQuerySchema({}).extend({
  customerId: z.uuid('Company not found').optional(),
});

export const auditEntrySchema = z.object({
  id: z.string(),
  actorName: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  customerId: z.string().nullable(),
  customerName: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
