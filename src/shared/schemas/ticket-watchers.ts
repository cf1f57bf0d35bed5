import { z } from 'zod';

/** A colleague in copy of a ticket (issue 17), as the ticket dialog lists them. */
export const ticketWatcherSchema = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string(),
});
export type TicketWatcher = z.infer<typeof ticketWatcherSchema>;

/** The ticket's watchers and the colleagues who could still be added. */
export const ticketWatchersSchema = z.object({
  watchers: z.array(ticketWatcherSchema),
  candidates: z.array(ticketWatcherSchema),
});
export type TicketWatchers = z.infer<typeof ticketWatchersSchema>;

export const WATCHER_REQUIRED = 'Choose a colleague';
export const addWatcherSchema = z.object({
  userId: z.uuid({ message: WATCHER_REQUIRED }),
});

/** Refusals of the watchers service, one message each. */
export const watcherMessages = {
  notColleague: 'Only active colleagues of this company can be added',
  author: 'The author of a ticket already receives its mails',
  already: 'This colleague is already in copy',
  private: 'A private ticket cannot have colleagues in copy',
  closed: 'This ticket is closed. Please open a new ticket.',
  notWatcher: 'This colleague is not in copy',
} as const;

/** Addresses an agent may copy on one reply (mail only). */
export const MAX_CC = 10;
export const ccSchema = z
  .array(
    z
      .string()
      .trim()
      .max(254, 'Each copy address must be a valid e-mail address')
      .pipe(z.email('Each copy address must be a valid e-mail address')),
  )
  .max(MAX_CC, `At most ${MAX_CC} copy addresses`)
  .default([]);
