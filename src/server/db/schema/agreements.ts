// Agreements (issue 40, ADR 071): what a company bought in hours, and the claims that make each
// hours alert and renewal reminder once. Time entries name their agreement (billing.ts).
import { sql } from 'drizzle-orm';
import {
  bigint,
  char,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customerRef, users } from './accounts.ts';
import { agreementAlertKind, agreementStatus, agreementType, ticketPriority } from './enums.ts';

export const agreements = pgTable(
  'agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    type: agreementType('type').notNull(),
    status: agreementStatus('status').notNull().default('active'),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on'),
    /** Hundredths of an hour: a retainer's per month, a prepaid block's whole; null for T&M. */
    hoursCenti: integer('hours_centi'),
    rolloverMonths: smallint('rollover_months').notNull().default(0),
    rolloverCapCenti: integer('rollover_cap_centi'),
    /** The company's currency when saved; the rates are minor units of it. */
    currency: char('currency', { length: 3 }).notNull(),
    hourlyRateMinor: bigint('hourly_rate_minor', { mode: 'number' }).notNull(),
    overageRateMinor: bigint('overage_rate_minor', { mode: 'number' }).notNull(),
    /** The zone whose calendar month is a retainer's period, and whose "today" is now. */
    timeZone: text('time_zone').notNull(),
    /** Slugs of the site's service list (src/shared/service-index.ts). */
    services: jsonb('services').$type<string[]>().notNull().default([]),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('agreements_customer_idx').on(t.customerId, t.createdAt),
    index('agreements_renewal_idx')
      .on(t.endsOn)
      .where(sql`${t.status} = 'active' and ${t.endsOn} is not null`),
    check('agreements_ends_after_start', sql`${t.endsOn} >= ${t.startsOn}`),
    check(
      'agreements_hours_by_type',
      sql`(${t.type} = 'time-and-materials') = (${t.hoursCenti} is null)`,
    ),
    check('agreements_hours_positive', sql`${t.hoursCenti} > 0`),
    check('agreements_rollover_range', sql`${t.rolloverMonths} between 0 and 12`),
    check('agreements_rollover_cap_positive', sql`${t.rolloverCapCenti} > 0`),
    check(
      'agreements_rates_nonnegative',
      sql`${t.hourlyRateMinor} >= 0 and ${t.overageRateMinor} >= 0`,
    ),
  ],
);

/**
 * Each alert once: (agreement, period start, kind) is inserted in the transaction that sends
 * it — the time entry that crossed 80 % or 100 %, or the renewal sweep — so a race, a retry or
 * two servers send it once. The renewal's period is the agreement's end date.
 */
export const agreementAlerts = pgTable(
  'agreement_alerts',
  {
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    periodStart: date('period_start').notNull(),
    kind: agreementAlertKind('kind').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.agreementId, t.periodStart, t.kind] })],
);

/**
 * The SLA targets an agreement promises per priority (ADR 073), with the limits of a company's
 * own (`company_sla_targets`, ADR 064): a new ticket of the company opened on a day the active
 * agreement covers takes them; a priority without a row falls back to the company's, then the
 * help desk's.
 */
export const agreementSlaTargets = pgTable(
  'agreement_sla_targets',
  {
    agreementId: uuid('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    priority: ticketPriority('priority').notNull(),
    firstResponseMinutes: integer('first_response_minutes').notNull(),
    resolutionMinutes: integer('resolution_minutes').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.agreementId, t.priority] }),
    check(
      'agreement_sla_targets_minutes',
      sql`${t.firstResponseMinutes} between 1 and 60000 and ${t.resolutionMinutes} between 1 and 60000 and ${t.firstResponseMinutes} <= ${t.resolutionMinutes}`,
    ),
  ],
);
