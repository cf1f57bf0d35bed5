// A company's projects, their milestones and documents, its sites and the dashboard's activity feed.
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
  bigint,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, trigramIndex, searchIndex } from './columns.ts';
import { orEmpty } from '../search-text.ts';
import { users, customerRef } from './accounts.ts';
import { projectStatus, milestoneStatus, documentCategory, activityType } from './enums.ts';

export const projects = pgTable(
  'projects',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    status: projectStatus('status').notNull(),
    progress: integer('progress').notNull().default(0),
    startDate: date('start_date').notNull(),
    estimatedCompletion: date('estimated_completion'),
    endDate: date('end_date'),
    projectManager: text('project_manager').notNull().default(''),
    notes: text('notes').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('projects_customer_idx').on(t.customerId, t.startDate.desc().nullsFirst(), t.name),
    trigramIndex('projects_name_trgm_idx', t.name),
    searchIndex('projects_search_trgm_idx', t.name, t.description),
    check('projects_progress_range', sql`${t.progress} between 0 and 100`),
  ],
);

export const milestones = pgTable(
  'milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    projectId: uuid('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: milestoneStatus('status').notNull(),
    dueDate: date('due_date').notNull(),
    completedDate: date('completed_date'),
    createdAt: createdAt(),
  },
  (t) => [index('milestones_project_idx').on(t.projectId, t.dueDate)],
);

export const documents = pgTable(
  'documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    projectId: uuid('project_id').references(() => projects.id, { onDelete: 'set null' }),
    /** The project's name, copied so a search needs no join; kept by triggers (migration 0014). */
    projectName: text('project_name'),
    name: text('name').notNull(),
    type: text('type').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    category: documentCategory('category').notNull(),
    storageKey: text('storage_key').notNull(),
    uploadedBy: text('uploaded_by').notNull(),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
    lastModified: timestamp('last_modified', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('documents_customer_uploaded_idx').on(t.customerId, t.uploadedAt, t.id),
    searchIndex('documents_search_trgm_idx', t.name, orEmpty(t.projectName)),
  ],
);

export const sites = pgTable(
  'sites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    contactPerson: text('contact_person').notNull(),
    contactEmail: text('contact_email').notNull(),
    contactPhone: text('contact_phone').notNull(),
    /** The site invoices are addressed to (issue 39 item 2): at most one per company. */
    billing: boolean('billing').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('sites_customer_idx').on(t.customerId),
    uniqueIndex('sites_one_billing_idx')
      .on(t.customerId)
      .where(sql`${t.billing}`),
  ],
);

export const activities = pgTable(
  'activities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: customerRef(),
    type: activityType('type').notNull(),
    title: text('title').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('activities_customer_created_idx').on(t.customerId, t.createdAt)],
);
