// The status page (issue 43 items 3 and 4, ADR 079): components and the customer sites they
// serve, incidents with their updates, maintenance windows, and the page's switch.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { incidentImpact, incidentStatus } from './enums.ts';
import { sites } from './projects.ts';

export const statusComponents = pgTable('status_components', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** Where it is listed: lower first, then by name. */
  position: integer('position').notNull().default(0),
  /** Every customer depends on it; else the companies of its sites below. */
  allCustomers: boolean('all_customers').notNull().default(false),
  createdAt: createdAt(),
});

/** Which customer sites a component serves (a deleted site leaves the component). */
export const statusComponentSites = pgTable(
  'status_component_sites',
  {
    componentId: uuid('component_id')
      .notNull()
      .references(() => statusComponents.id, { onDelete: 'cascade' }),
    siteId: uuid('site_id')
      .notNull()
      .references(() => sites.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.componentId, t.siteId] }),
    index('status_component_sites_site_idx').on(t.siteId),
  ],
);

export const statusIncidents = pgTable(
  'status_incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    impact: incidentImpact('impact').notNull(),
    /** The latest update's status; `resolved` closes the incident to further updates. */
    status: incidentStatus('status').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    index('status_incidents_created_idx').on(t.createdAt, t.id),
    check(
      'status_incidents_resolved_at',
      sql`(${t.status} = 'resolved') = (${t.resolvedAt} is not null)`,
    ),
  ],
);

export const statusIncidentComponents = pgTable(
  'status_incident_components',
  {
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => statusIncidents.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => statusComponents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.incidentId, t.componentId] }),
    index('status_incident_components_component_idx').on(t.componentId),
  ],
);

/** The incident's story: the first message and every update after it, each with its status. */
export const statusIncidentUpdates = pgTable(
  'status_incident_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    incidentId: uuid('incident_id')
      .notNull()
      .references(() => statusIncidents.id, { onDelete: 'cascade' }),
    status: incidentStatus('status').notNull(),
    message: text('message').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('status_incident_updates_incident_idx').on(t.incidentId, t.createdAt)],
);

export const statusMaintenance = pgTable(
  'status_maintenance',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    /** The IANA zone it was planned in: mails and pages say its times in it. */
    timeZone: text('time_zone').notNull(),
    /** When the affected companies were told; set in the scheduling transaction, once. */
    notifiedAt: timestamp('notified_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('status_maintenance_starts_idx').on(t.startsAt, t.id),
    check('status_maintenance_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

export const statusMaintenanceComponents = pgTable(
  'status_maintenance_components',
  {
    maintenanceId: uuid('maintenance_id')
      .notNull()
      .references(() => statusMaintenance.id, { onDelete: 'cascade' }),
    componentId: uuid('component_id')
      .notNull()
      .references(() => statusComponents.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.maintenanceId, t.componentId] }),
    index('status_maintenance_components_component_idx').on(t.componentId),
  ],
);

/** One row (id is always true): whether `/system-status` shows the live page. */
export const statusPageSettings = pgTable(
  'status_page_settings',
  {
    id: boolean('id').primaryKey().default(true),
    enabled: boolean('enabled').notNull().default(false),
    updatedAt: updatedAt(),
  },
  (t) => [check('status_page_settings_one_row', sql`${t.id}`)],
);
