// Who gets a new ticket (issue 38, ADR 063): the help desk's assignment rule and each staff
// user's availability.
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, uuid } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';
import { users } from './accounts.ts';
import { assignmentRule } from './enums.ts';

/**
 * The one row of the help desk's assignment rule; no row is `manual`. Opening a ticket under
 * another rule locks it, so concurrent opens on every app server take their turns one by one,
 * and `lastAssigneeId` is the turn they hand on (round robin, and the tie-break of least open).
 */
export const assignmentSettings = pgTable(
  'assignment_settings',
  {
    id: boolean('id').primaryKey().default(true),
    rule: assignmentRule('rule').notNull().default('manual'),
    lastAssigneeId: uuid('last_assignee_id').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: updatedAt(),
  },
  (t) => [check('assignment_settings_one_row', sql`${t.id}`)],
);

/** A staff user's own availability; no row is available (every agent was before issue 38). */
export const staffAvailability = pgTable('staff_availability', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  available: boolean('available').notNull(),
  updatedAt: updatedAt(),
});
