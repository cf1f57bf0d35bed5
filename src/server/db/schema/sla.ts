// Service levels: the targets per priority, the closed days, and each ticket's clock.
import { date, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { customers } from './accounts.ts';
import { createdAt, updatedAt } from './columns.ts';
import { slaAlertKind, slaClock, ticketPriority } from './enums.ts';
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
 * A company's own targets of a priority (ADR 064), over `sla_targets` and the defaults; a
 * priority without a row uses those. Read when a ticket of that company opens.
 */
export const companySlaTargets = pgTable(
  'company_sla_targets',
  {
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    priority: ticketPriority('priority').notNull(),
    firstResponseMinutes: integer('first_response_minutes').notNull(),
    resolutionMinutes: integer('resolution_minutes').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.customerId, t.priority] })],
);

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
  /** When 25 % of each target's business time is left (75 % gone): "at risk" from then on, in SQL. */
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

/**
 * Each SLA notice made, once per (ticket, target, kind) (ADR 064): the sweep inserts here and
 * notifies only for rows it inserted, in one transaction, so servers sweeping together (or a
 * sweep run twice) notify once.
 */
export const slaAlerts = pgTable(
  'sla_alerts',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    clock: slaClock('clock').notNull(),
    kind: slaAlertKind('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.clock, t.kind] })],
);
