import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';
import { ticketPriorities, ticketReplyOutSchema, ticketSchema, ticketStatuses } from './tickets.ts';

/** The queue's page (issue 20): `limit`, `cursor`, `q` and its filters. */
export const helpdeskQuerySchema = pageQuerySchema({}).extend({
  status: z.enum(ticketStatuses, { message: 'Status must be open, pending or closed' }).optional(),
  priority: z
    .enum(ticketPriorities, { message: 'Priority must be high, normal or low' })
    .optional(),
  customerId: z.uuid('Company not found').optional(),
  /** A staff user's id, or "none" for unassigned tickets. */
  assignee: z.union([z.literal('none'), z.uuid('Assignee not found')]).optional(),
});

/** A ticket in the staff queue: the portal's ticket, without its conversation, with its company. */
export const helpdeskTicketSchema = ticketSchema.omit({ replies: true }).extend({
  customerId: z.string(),
  customerName: z.string(),
  assignedToUserId: z.string().nullable(),
});
export type HelpdeskTicket = z.infer<typeof helpdeskTicketSchema>;

export const helpdeskTicketDetailSchema = helpdeskTicketSchema.extend({
  replies: z.array(ticketReplyOutSchema),
  /** The companies of the ticket's author: where staff may move it (mail from a user of several). */
  authorCompanies: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Who wrote it, for saved replies' placeholders; null when the account is gone. */
  author: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
});
export type HelpdeskTicketDetail = z.infer<typeof helpdeskTicketDetailSchema>;

/** Assign, change status and/or move to another company of the ticket's author; at least one. */
export const ticketUpdateSchema = z
  .object({
    status: z
      .enum(ticketStatuses, { message: 'Status must be open, pending or closed' })
      .optional(),
    assignedToUserId: z.union([z.uuid('Assignee not found'), z.null()]).optional(),
    customerId: z.uuid('Company not found').optional(),
  })
  .refine((v) => v.status !== undefined || v.assignedToUserId !== undefined || v.customerId, {
    message: 'Nothing to change',
  });
