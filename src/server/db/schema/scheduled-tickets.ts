// Scheduled tickets (issue 38 item 4, ADR 062): a company's ticket template and its runs.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customerRef, users } from './accounts.ts';
import { scheduleFrequency, ticketPriority } from './enums.ts';
import { tickets } from './tickets.ts';
import { ticketCategories, ticketDepartments } from '../../../shared/schemas/tickets.ts';

export const scheduledTickets = pgTable(
  'scheduled_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    priority: ticketPriority('priority').notNull().default('normal'),
    category: text('category', { enum: ticketCategories }).notNull(),
    department: text('department', { enum: ticketDepartments }).notNull(),
    /** Null: the company's first active admin at each run. */
    requesterUserId: uuid('requester_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    assigneeUserId: uuid('assignee_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    frequency: scheduleFrequency('frequency').notNull(),
    /** ISO weekday 1..7 (weekly). */
    weekday: smallint('weekday'),
    /** 1..28, or 0 for the month's last day (monthly, quarterly). */
    monthDay: smallint('month_day'),
    /** 1..3 within each quarter (quarterly). */
    quarterMonth: smallint('quarter_month'),
    /** 'HH:MM' local to `time_zone`. */
    timeOfDay: text('time_of_day').notNull(),
    timeZone: text('time_zone').notNull(),
    paused: boolean('paused').notNull().default(false),
    /** The run the worker claims next; kept while paused and recomputed on resume. */
    nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('scheduled_tickets_customer_idx').on(t.customerId, t.createdAt),
    index('scheduled_tickets_due_idx')
      .on(t.nextRunAt)
      .where(sql`not ${t.paused}`),
    check('scheduled_tickets_weekday_check', sql`${t.weekday} between 1 and 7`),
    check('scheduled_tickets_month_day_check', sql`${t.monthDay} between 0 and 28`),
    check('scheduled_tickets_quarter_month_check', sql`${t.quarterMonth} between 1 and 3`),
  ],
);

/**
 * Each run, recorded once: the key (schedule, due time) is inserted in the transaction that
 * opens its ticket, so two servers sweeping together cannot both open it.
 */
export const scheduledTicketRuns = pgTable(
  'scheduled_ticket_runs',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => scheduledTickets.id, { onDelete: 'cascade' }),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    /** Null when the run found nobody to open it as (no requester, no admin). */
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.dueAt] })],
);
