// Service levels: the targets per priority, the closed days, and each ticket's clock.
import { date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { ticketPriority } from './enums.ts';
import { tickets } from './tickets.ts';

/**
 * SLA targets staff changed (issue 17); a priority without a row uses the shared defaults
 * (src/shared/schemas/sla.ts), so the table may be empty.
 */
export const slaTargets = pgTable('sla_targets', {
  priority: ticketPriority('priority').primaryKey(),
  firstResponseMinutes: integer('first_response_minutes').notNull(),
  resolutionMinutes: integer('resolution_minutes').notNull(),
  updatedAt: updatedAt(),
});

/**
 * Days the help desk is closed although they are working weekdays (holidays, ADR 035
 * addendum): local dates in the company's zone; no SLA window opens on them.
 */
export const closedDays = pgTable('closed_days', {
  day: date('day').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
});

/**
 * A ticket's SLA clock, fixed when it is opened from the targets of its priority then: when
 * the first staff reply and the close are due, and when they happened. A table of its own so
 * the promise made to a ticket does not move when staff later edit the targets.
 */
export const ticketSlas = pgTable('ticket_slas', {
  ticketId: text('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  firstResponseMinutes: integer('first_response_minutes').notNull(),
  resolutionMinutes: integer('resolution_minutes').notNull(),
  firstResponseDueAt: timestamp('first_response_due_at', { withTimezone: true }).notNull(),
  resolutionDueAt: timestamp('resolution_due_at', { withTimezone: true }).notNull(),
  /** When 20 % of each target's business time is left: "at risk" from then on, in SQL. */
  firstResponseAtRiskAt: timestamp('first_response_at_risk_at', { withTimezone: true }).notNull(),
  resolutionAtRiskAt: timestamp('resolution_at_risk_at', { withTimezone: true }).notNull(),
  firstRespondedAt: timestamp('first_responded_at', { withTimezone: true }),
  /** The last close; cleared when the ticket is reopened. */
  resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  /** Since when the resolution clock waits on the customer (ADR 035, pending); null while it runs. */
  pausedAt: timestamp('paused_at', { withTimezone: true }),
  /** Business minutes of the pauses already over: the resolution target is counted this much later. */
  pausedMinutes: integer('paused_minutes').notNull().default(0),
});
