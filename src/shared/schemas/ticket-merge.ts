// Merging tickets and the queue's bulk actions (ADR 060): the bodies and the refusals.
import { z } from 'zod';
import { ticketPriorities, ticketStatuses } from './tickets.ts';

export const BULK_MAX = 500;

export const mergeMessages = {
  itself: 'A ticket cannot be merged into itself',
  otherCompany: 'Tickets of different companies cannot be merged',
  privateAuthor: 'A private ticket can only be merged with a ticket of the same author',
  alreadyMerged: (id: string, into: string) => `Ticket ${id} is already merged into ${into}`,
  tooMany: `Select at most ${BULK_MAX} tickets`,
} as const;

/** A ticket number as staff type or pick it: `TK-1042`, any case, stored in upper case. */
export const ticketNumberSchema = z
  .string({ message: 'Ticket not found' })
  .trim()
  .regex(/^TK-\d{1,12}$/i, 'Ticket not found')
  .transform((id) => id.toUpperCase());

export const mergeTicketSchema = z.object({ intoTicketId: ticketNumberSchema });
export const mergeResultSchema = z.object({ id: z.string(), mergedIntoTicketId: z.string() });

const selection = {
  ticketIds: z
    .array(ticketNumberSchema, { message: 'Select at least one ticket' })
    .min(1, 'Select at least one ticket')
    .max(BULK_MAX, mergeMessages.tooMany),
};

/** One action on every selected ticket of the queue, each through the single action's command. */
export const bulkTicketSchema = z.discriminatedUnion(
  'action',
  [
    z.object({
      ...selection,
      action: z.literal('assign'),
      assignedToUserId: z.union([z.uuid('Assignee not found'), z.null()], {
        message: 'Assignee not found',
      }),
    }),
    z.object({
      ...selection,
      action: z.literal('status'),
      status: z.enum(ticketStatuses, { message: 'Status must be open, pending or closed' }),
    }),
    z.object({
      ...selection,
      action: z.literal('priority'),
      priority: z.enum(ticketPriorities, { message: 'Priority must be high, normal or low' }),
    }),
    z.object({ ...selection, action: z.literal('merge'), intoTicketId: ticketNumberSchema }),
  ],
  { message: 'Action must be assign, status, priority or merge' },
);
export type BulkTicketAction = z.input<typeof bulkTicketSchema>;

export const bulkTicketResultSchema = z.object({ ticketIds: z.array(z.string()) });
