import { z } from 'zod';
import { pageQuerySchema } from './paging.ts';
import { slaOutcomeSchema, ticketSlaSchema } from './sla.ts';
import {
  CATEGORY_MESSAGE,
  DEPARTMENT_MESSAGE,
  newTicketSchema,
  PRIORITY_MESSAGE,
  ticketCategories,
  ticketChannels,
  ticketDepartments,
  ticketEventSchema,
  ticketPriorities,
  ticketReplyOutSchema,
  ticketReplySchema,
  ticketSchema,
  ticketStatuses,
} from './tickets.ts';
import { ccSchema } from './ticket-watchers.ts';
import { ticketRatingSchema } from './satisfaction.ts';

/** The queue's orders: last change first, or the least time left on the running SLA clock first. */
export const helpdeskSorts = ['updated', 'time-left'] as const;

/** The queue's page (issue 20): `limit`, `cursor`, `q` and its filters. */
export const helpdeskQuerySchema = pageQuerySchema({}).extend({
  status: z.enum(ticketStatuses, { message: 'Status must be open, pending or closed' }).optional(),
  priority: z
    .enum(ticketPriorities, { message: 'Priority must be high, normal or low' })
    .optional(),
  customerId: z.uuid('Company not found').optional(),
  /** A staff user's id, "me" for the caller's own tickets, or "none" for unassigned ones. */
  assignee: z.union([z.literal('none'), z.literal('me'), z.uuid('Assignee not found')]).optional(),
  /** Only tickets whose running SLA clock is past due. */
  sla: z.enum(['breached'], { message: 'SLA filter must be breached' }).optional(),
  sort: z.enum(helpdeskSorts, { message: 'Sort must be updated or time-left' }).optional(),
});

/** A ticket in the staff queue: the portal's ticket, without its conversation, with its company. */
export const helpdeskTicketSchema = ticketSchema.omit({ replies: true, events: true }).extend({
  customerId: z.string(),
  customerName: z.string(),
  assignedToUserId: z.string().nullable(),
  /** The running SLA clock (docs/decisions/035-assignment-and-slas.md). */
  sla: ticketSlaSchema,
});
export type HelpdeskTicket = z.infer<typeof helpdeskTicketSchema>;

export const helpdeskTicketDetailSchema = helpdeskTicketSchema.extend({
  replies: z.array(ticketReplyOutSchema),
  events: z.array(ticketEventSchema),
  /** The companies of the ticket's author: where staff may move it (mail from a user of several). */
  authorCompanies: z.array(z.object({ id: z.string(), name: z.string() })),
  /** How it reached the desk (issue 38). */
  channel: z.enum(ticketChannels),
  /** The agent who opened it for its author; null when the author did (or the account is gone). */
  openedBy: z.string().nullable(),
  /** Who wrote it, for saved replies' placeholders; null when the account is gone. */
  author: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  /** Each SLA target's due date and outcome; null for a ticket opened before SLAs. */
  slaTargets: z
    .object({
      firstResponse: slaOutcomeSchema,
      resolution: slaOutcomeSchema,
      /** Since when the resolution target waits on the customer (pending); null while it runs. */
      pausedAt: z.string().nullable(),
    })
    .nullable(),
});
export type HelpdeskTicketDetail = z.infer<typeof helpdeskTicketDetailSchema>;

/** What staff may change on a ticket; at least one. */
export const ticketUpdateSchema = z
  .object({
    status: z
      .enum(ticketStatuses, { message: 'Status must be open, pending or closed' })
      .optional(),
    assignedToUserId: z.union([z.uuid('Assignee not found'), z.null()]).optional(),
    customerId: z.uuid('Company not found').optional(),
    /** Issue 38: the SLA clock follows a new priority (services/helpdesk/sla.ts, ADR 059). */
    priority: z.enum(ticketPriorities, { message: PRIORITY_MESSAGE }).optional(),
    category: z.enum(ticketCategories, { message: CATEGORY_MESSAGE }).optional(),
    department: z.enum(ticketDepartments, { message: DEPARTMENT_MESSAGE }).optional(),
  })
  .refine((v) => Object.values(v).some((value) => value !== undefined), {
    message: 'Nothing to change',
  });

export type TicketUpdate = z.output<typeof ticketUpdateSchema>;

/** The channels an agent picks when opening a ticket for someone (issue 38). */
export const STAFF_CHANNEL_MESSAGE = 'Channel must be phone, walk-in, e-mail or portal';

/**
 * An agent opens a ticket for a user of a company (a call, a walk-in): the portal's new ticket,
 * plus who it is for and how it came in. As JSON, or multipart with files like the portal's.
 */
export const staffNewTicketSchema = newTicketSchema.extend({
  customerId: z.uuid('Company not found'),
  requesterUserId: z.uuid('Requester is not a user of this company'),
  channel: z.enum(ticketChannels, { message: STAFF_CHANNEL_MESSAGE }),
});
export type StaffNewTicketInput = z.input<typeof staffNewTicketSchema>;
export type StaffNewTicket = z.output<typeof staffNewTicketSchema>;

/** An agent's reply: the portal's reply, plus addresses copied on its mail (issue 17). */
export const staffReplySchema = ticketReplySchema.extend({ cc: ccSchema });

/** The author's rating beside the conversation (issue 17); colleagues in copy have their own read. */
export const helpdeskTicketExtrasSchema = z.object({
  rating: ticketRatingSchema.nullable(),
});
export type HelpdeskTicketExtras = z.infer<typeof helpdeskTicketExtrasSchema>;
