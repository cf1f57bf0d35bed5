import { z } from 'zod';
import { requiredText } from './fields.ts';
import { ticketPriorities, ticketStatuses } from '../status-values.ts';

export const ticketCategories = [
  'Email & Communication',
  'Network & Security',
  'Software & Licensing',
  'Hardware',
  'Cloud Services',
  'Other',
] as const;

export const ticketDepartments = [
  'IT Support',
  'Network Administration',
  'Security',
  'Cloud Services',
] as const;

export type TicketCategory = (typeof ticketCategories)[number];
export type TicketDepartment = (typeof ticketDepartments)[number];

export { ticketPriorities, ticketStatuses };
export type TicketStatus = (typeof ticketStatuses)[number];
export type TicketPriority = (typeof ticketPriorities)[number];

/** How a ticket reached the desk (issue 38): staff pick phone or walk-in; doors set the others. */
export const ticketChannels = ['phone', 'walk-in', 'e-mail', 'portal'] as const;
export type TicketChannel = (typeof ticketChannels)[number];
export const ticketChannelLabels: Record<TicketChannel, string> = {
  phone: 'Phone',
  'walk-in': 'Walk-in',
  'e-mail': 'E-mail',
  portal: 'Portal',
};

export const PRIORITY_MESSAGE = 'Priority must be high, normal or low';
export const CATEGORY_MESSAGE = 'Category is required';
export const DEPARTMENT_MESSAGE = 'Department is required';

/** Spec section 5, new ticket form. */
export const newTicketSchema = z.object({
  subject: requiredText('Subject is required', 200),
  description: requiredText('Description is required', 10000),
  priority: z.enum(ticketPriorities, { message: PRIORITY_MESSAGE }).default('normal'),
  category: z.enum(ticketCategories, { message: CATEGORY_MESSAGE }),
  department: z.enum(ticketDepartments, { message: DEPARTMENT_MESSAGE }),
  /** Issue 18: seen only by the author and the company's admins (and staff). */
  private: z.boolean({ message: 'Private must be true or false' }).default(false),
});
export type NewTicketInput = z.input<typeof newTicketSchema>;
export type NewTicket = z.output<typeof newTicketSchema>;

/** A reply: the send button is disabled on blank text; the server refuses it too. */
export const ticketReplySchema = z.object({
  message: requiredText('Message is required', 10000),
});

/** What a conversation row is: a message, or an event of the conversation (issue 17's watchers). */
export const ticketEventKinds = ['watcher-added', 'watcher-removed', 'merged'] as const;
export const ticketReplyKinds = ['message', ...ticketEventKinds] as const;
export type TicketEventKind = (typeof ticketEventKinds)[number];
export type TicketReplyKind = (typeof ticketReplyKinds)[number];

/** Spec section 3 "Ticket reply", as `GET .../tickets` returns it: messages only. */
export const ticketReplyOutSchema = z.object({
  id: z.string(),
  message: z.string(),
  author: z.string(),
  isAgent: z.boolean(),
  createdAt: z.string(),
});
export type TicketReply = z.infer<typeof ticketReplyOutSchema>;

/**
 * An event of the conversation ("Jordan Lee added Dana Kim"): its own field, not a reply, so
 * a client built to the spec never shows it as a message (review row 99, ADR 053).
 */
export const ticketEventSchema = z.object({
  id: z.string(),
  kind: z.enum(ticketEventKinds),
  message: z.string(),
  author: z.string(),
  createdAt: z.string(),
});
export type TicketEvent = z.infer<typeof ticketEventSchema>;

/** Spec section 3 "Ticket"; `assignedTo` is the assignee's name, null when unassigned. */
export const ticketSchema = z.object({
  id: z.string(),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(ticketPriorities),
  status: z.enum(ticketStatuses),
  category: z.string(),
  department: z.string(),
  private: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  assignedTo: z.string().nullable(),
  replies: z.array(ticketReplyOutSchema),
  /** Beyond the spec: the conversation's events, oldest first (ADR 053). */
  events: z.array(ticketEventSchema),
  /** Beyond the spec: the ticket staff merged this one into, whose conversation it joined (ADR 060). */
  mergedIntoTicketId: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** The tickets screen's cards: a count per status over the tickets the user sees, and their total. */
export const ticketSummarySchema = z.object({
  total: z.number(),
  open: z.number(),
  pending: z.number(),
  closed: z.number(),
});
export type TicketSummary = z.infer<typeof ticketSummarySchema>;
