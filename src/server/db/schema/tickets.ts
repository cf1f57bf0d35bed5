// The help desk: tickets, their replies, notes, attachments, follow-ups, colleagues in copy
// and satisfaction (ADR 036), and the agents' saved replies.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uuid,
  bigint,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt, searchIndex } from './columns.ts';
import { users, customerRef } from './accounts.ts';
import { ticketChannel, ticketStatus, ticketPriority } from './enums.ts';
import { ticketReplyKinds } from '../../../shared/schemas/tickets.ts';
import { ticketRatings as ratingValues } from '../../../shared/schemas/satisfaction.ts';

/** Ticket ids read like `TK-1042`: a global sequence behind a text key. */
export const ticketNumberSeq = pgSequence('ticket_number_seq', { startWith: 1001 });

export const tickets = pgTable(
  'tickets',
  {
    id: text('id')
      .primaryKey()
      .default(sql`'TK-' || nextval('ticket_number_seq')`),
    customerId: customerRef(),
    subject: text('subject').notNull(),
    description: text('description').notNull(),
    priority: ticketPriority('priority').notNull().default('normal'),
    status: ticketStatus('status').notNull().default('open'),
    category: text('category').notNull(),
    department: text('department').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Set by the author: seen only by the author, the company's admins and staff (issue 18). */
    private: boolean('private').notNull().default(false),
    assignedToUserId: uuid('assigned_to_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** How it reached the desk; tickets from before issue 38 came through the portal or mail. */
    channel: ticketChannel('channel').notNull().default('portal'),
    /** The agent who opened it for its author (phone, walk-in); null when the author did. */
    openedByUserId: uuid('opened_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** Set when staff merged this ticket into another (ADR 060): it is closed and points there. */
    mergedIntoTicketId: text('merged_into_ticket_id').references((): AnyPgColumn => tickets.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('tickets_customer_created_idx').on(t.customerId, t.createdAt, t.id),
    searchIndex('tickets_search_trgm_idx', t.subject, t.description),
    index('tickets_status_idx').on(t.status),
    // A member's own tickets in list order (issue 18's visibility within issue 20's pages).
    index('tickets_customer_author_created_idx').on(
      t.customerId,
      t.createdByUserId,
      t.createdAt,
      t.id,
    ),
  ],
);

export const ticketReplies = pgTable(
  'ticket_replies',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    message: text('message').notNull(),
    author: text('author').notNull(),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    isAgent: boolean('is_agent').notNull().default(false),
    /** A message, or an event of the conversation ("Jordan added Dana", issue 17). */
    kind: text('kind', { enum: ticketReplyKinds }).notNull().default('message'),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_replies_ticket_idx').on(t.ticketId, t.createdAt)],
);

/** The help desk's saved replies (issue 17): one library for every agent. */
export const savedReplies = pgTable('saved_replies', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  updatedByName: text('updated_by_name').notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Agents' internal notes on a ticket (issue 17). A table of their own, read only by the staff
 * door: no customer query, mail or export touches it, so a note cannot leak by a missed filter.
 */
export const ticketNotes = pgTable(
  'ticket_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    authorUserId: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    authorName: text('author_name').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_notes_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Files on a ticket (issue 17): on its description (`replyId` null) or on a reply. The bytes
 * live in the storage interface; an image also has a thumbnail and a viewing size there,
 * re-encoded by sharp (no EXIF). Seen by whoever may see the ticket, nobody else.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    replyId: uuid('reply_id').references(() => ticketReplies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    thumbKey: text('thumb_key'),
    viewKey: text('view_key'),
    width: integer('width'),
    height: integer('height'),
    uploadedByUserId: uuid('uploaded_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** The file's place among its message's files, as sent. */
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_ticket_idx').on(t.ticketId, t.createdAt, t.position)],
);

/** A ticket opened by a reply to a closed ticket points to it. */
export const ticketFollowUps = pgTable('ticket_follow_ups', {
  ticketId: text('ticket_id')
    .primaryKey()
    .references(() => tickets.id, { onDelete: 'cascade' }),
  followsTicketId: text('follows_ticket_id')
    .notNull()
    .references(() => tickets.id, { onDelete: 'cascade' }),
});

/**
 * Colleagues a customer put in copy of a ticket: they see it in the portal and get its mails
 * (their ticket-mail switch). Only users of the ticket's company, never on a private ticket.
 */
export const ticketWatchers = pgTable(
  'ticket_watchers',
  {
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedByUserId: uuid('added_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.ticketId, t.userId] }),
    index('ticket_watchers_user_idx').on(t.userId),
  ],
);

/**
 * The author's rating of a closed ticket, one per ticket (a new rating replaces it). The agent
 * credited is the ticket's assignee when rated, else the agent who last replied.
 */
export const ticketSatisfaction = pgTable(
  'ticket_satisfaction',
  {
    ticketId: text('ticket_id')
      .primaryKey()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    agentUserId: uuid('agent_user_id').references(() => users.id, { onDelete: 'set null' }),
    rating: text('rating', { enum: ratingValues }).notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('ticket_satisfaction_updated_idx').on(t.updatedAt)],
);
