import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';
import { leadStatuses } from '../status-values.ts';

export { leadStatuses };
export type LeadStatus = (typeof leadStatuses)[number];
export const leadKinds = ['contact', 'quote'] as const;

/** The leads list's page (issue 20): `limit`, `cursor`, `q`, kind and status. */
export const leadQuerySchema = pageQuerySchema({}).extend({
  status: z.enum(leadStatuses, { message: 'Status must be new, in-progress or done' }).optional(),
  kind: z.enum(leadKinds, { message: 'Kind must be contact or quote' }).optional(),
});

export const leadSchema = z.object({
  id: z.string(),
  kind: z.enum(leadKinds),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  phone: z.string().nullable(),
  /** The quote's service; null for a contact message. */
  service: z.string().nullable(),
  /** The contact message or the quote's project details. */
  message: z.string(),
  status: z.enum(leadStatuses),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const leadStatusUpdateSchema = z.object({
  status: z.enum(leadStatuses, { message: 'Status must be new, in-progress or done' }),
});
