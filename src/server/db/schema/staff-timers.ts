// A staff member's timer on a ticket (issue 40 item 2, ADR 074): one per member, kept on the
// server so it survives a reload, another device or another app server.
import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { tickets } from './tickets.ts';

export const staffTimers = pgTable('staff_timers', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  ticketId: text('ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  /** When it last started or resumed; null while paused. */
  runningSince: timestamp('running_since', { withTimezone: true }),
  /** Seconds counted before `runningSince` (the time of earlier runs, before each pause). */
  elapsedSeconds: integer('elapsed_seconds').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
