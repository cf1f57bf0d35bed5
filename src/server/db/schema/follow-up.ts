// Replies to closed tickets (issue 38, ADR 061): how long after a close a customer's reply
// reopens the ticket instead of opening a new, linked one.
import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/**
 * The follow-up window staff set: one row at most (`id` is always true); none means the
 * shared default (src/shared/schemas/follow-up.ts), so an empty table needs no data.
 */
export const followUpWindow = pgTable(
  'follow_up_window',
  {
    id: boolean('id').primaryKey().default(true),
    days: integer('days').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('follow_up_window_single_row', sql`${t.id}`)],
);
