// The staff's notices in the workspace (the header's bell, ADRs 064 and 075): each names exactly
// one subject — a ticket's SLA clock, an agreement, or a quote — as its kind says.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { agreements } from './agreements.ts';
import { createdAt } from './columns.ts';
import { slaClock, staffNoticeKind } from './enums.ts';
import { quotes } from './quotes.ts';
import { tickets } from './tickets.ts';

/** A notice in a staff member's workspace list (the header's bell); read once opened. */
export const staffNotifications = pgTable(
  'staff_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: staffNoticeKind('kind').notNull(),
    /** An SLA notice's ticket, target and due instant when it was made. */
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    clock: slaClock('clock'),
    dueAt: timestamp('due_at', { withTimezone: true }),
    agreementId: uuid('agreement_id').references(() => agreements.id, { onDelete: 'cascade' }),
    quoteId: uuid('quote_id').references(() => quotes.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('staff_notifications_user_idx').on(t.userId, t.createdAt),
    check(
      'staff_notifications_one_subject',
      sql`case
        when ${t.kind} in ('warning', 'breach') then ${t.ticketId} is not null
          and ${t.clock} is not null and ${t.dueAt} is not null
          and ${t.agreementId} is null and ${t.quoteId} is null
        when ${t.kind} in ('agreement-used-80', 'agreement-used-100', 'agreement-renewal')
          then ${t.agreementId} is not null and ${t.ticketId} is null and ${t.clock} is null
          and ${t.dueAt} is null and ${t.quoteId} is null
        else ${t.quoteId} is not null and ${t.ticketId} is null and ${t.clock} is null
          and ${t.dueAt} is null and ${t.agreementId} is null
      end`,
    ),
  ],
);
