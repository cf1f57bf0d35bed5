import { z } from 'zod';
import { ticketPriorities, ticketStatuses } from './tickets.ts';

export const helpdeskQuerySchema = z.object({
  status: z.enum(ticketStatuses, { message: 'Status must be open, pending or closed' }).optional(),
  priority: z
    .enum(ticketPriorities, { message: 'Priority must be high, normal or low' })
    .optional(),
  customerId: z.uuid('Company not found').optional(),
  /** A staff user's id, or "none" for unassigned tickets. */
  assignee: z.union([z.literal('none'), z.uuid('Assignee not found')]).optional(),
  q: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
});

export const helpdeskTicketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(ticketPriorities),
  status: z.enum(ticketStatuses),
  category: z.string(),
  department: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  assignedToUserId: z.string().nullable(),
  assignedTo: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type HelpdeskTicket = z.infer<typeof helpdeskTicketSchema>;

export const helpdeskReplySchema = z.object({
  id: z.string(),
  message: z.string(),
  author: z.string(),
  isAgent: z.boolean(),
  createdAt: z.string(),
});

export const helpdeskTicketDetailSchema = helpdeskTicketSchema.extend({
  replies: z.array(helpdeskReplySchema),
});
export type HelpdeskTicketDetail = z.infer<typeof helpdeskTicketDetailSchema>;

/** Assign and/or change status; at least one of the two. */
export const ticketUpdateSchema = z
  .object({
    status: z
      .enum(ticketStatuses, { message: 'Status must be open, pending or closed' })
      .optional(),
    assignedToUserId: z.union([z.uuid('Assignee not found'), z.null()]).optional(),
  })
  .refine((v) => v.status !== undefined || v.assignedToUserId !== undefined, {
    message: 'Nothing to change',
  });
