import { z } from 'zod';

/** Issue 38's default: a reply within 7 days of the close reopens the ticket. */
export const DEFAULT_FOLLOW_UP_DAYS = 7;
export const MAX_FOLLOW_UP_DAYS = 90;

/**
 * The follow-up window in whole days; 0 turns reopening off (every reply to a closed ticket
 * opens a new, linked one, as before issue 38).
 */
export const followUpWindowSchema = z.object({
  days: z
    .number({ message: 'Days must be a number' })
    .int('Days must be a whole number')
    .min(0, 'Days cannot be negative')
    .max(MAX_FOLLOW_UP_DAYS, `Days must be at most ${MAX_FOLLOW_UP_DAYS}`),
});
export type FollowUpWindow = z.infer<typeof followUpWindowSchema>;

/** What the portal may do with a ticket now (issue 38): reopen until, mark resolved. */
export const ticketFollowUpSchema = z.object({
  /** The end of the follow-up window of a closed ticket; null when it cannot be reopened. */
  reopenUntil: z.string().nullable(),
  /** A pending ticket: its customer may accept the resolution. */
  mayResolve: z.boolean(),
});
export type TicketFollowUp = z.infer<typeof ticketFollowUpSchema>;

export const FOLLOW_UP_MESSAGES = {
  windowOver: 'The time to reopen this ticket is over. Please open a new ticket.',
  notClosed: 'Only a closed ticket can be reopened.',
  notPending: 'Only a ticket waiting on you (pending) can be marked as resolved.',
} as const;
