// What happened and who is told: the audit log, domain events, in-app notifications, the
// mail outbox and the webhook endpoints with their outbox.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { users, customers } from './accounts.ts';
import { mailStatus, webhookDeliveryStatus, notificationKind } from './enums.ts';

/** Every staff write: who, what, when, on which company. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_customer_idx').on(t.customerId),
  ],
);

/**
 * Every domain event (issue 21), written in the transaction of the write it tells of; the
 * webhook deliveries it fans out to are written in the same transaction (ADR 033).
 */
export const domainEvents = pgTable(
  'domain_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    type: text('type').notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('domain_events_created_idx').on(t.createdAt),
    index('domain_events_entity_idx').on(t.type, t.entityId),
  ],
);

/**
 * Notification mails waiting to be written (issue 21): one row per event (or invoice reminder)
 * and recipient, inserted in the event's transaction for the members whose role sees it and
 * whose switch is on. `digest` rows wait for the daily digest; the others go within seconds.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: notificationKind('kind').notNull(),
    /** A domain event type, or `invoice.reminder`. */
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    digest: boolean('digest').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_due_idx').on(t.digest, t.createdAt)],
);

/** Mail waits here until delivered, so an SMTP outage never loses a message. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    status: mailStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    /** Sign-in links and codes in the text: removed once the mail is sent (or given up). */
    secrets: jsonb('secrets').$type<string[]>(),
    /** Chosen when enqueued (ticket mail records it to thread replies); null: `<id@host>`. */
    messageId: text('message_id'),
    /** Extra headers: In-Reply-To, References, Auto-Submitted. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_done_idx').on(t.status, t.createdAt),
  ],
);

/** A receiver staff registered; the secret is encrypted with a key derived from SESSION_SECRET. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull(),
  events: jsonb('events').$type<string[]>().notNull(),
  active: boolean('active').notNull().default(true),
  secretCipher: text('secret_cipher').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The webhook outbox: one row per event and endpoint, claimed with `for update skip locked`. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    endpointId: uuid('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: uuid('event_id').references(() => domainEvents.id, { onDelete: 'set null' }),
    type: text('type').notNull(),
    /** The JSON body, fixed when enqueued so every retry sends the same bytes. */
    body: text('body').notNull(),
    status: webhookDeliveryStatus('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Last attempt: HTTP status (null: no answer), time to answer, and why it failed. */
    responseCode: integer('response_code'),
    responseMs: integer('response_ms'),
    lastError: text('last_error'),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_due_idx').on(t.status, t.nextAttemptAt),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);
