// Mail threads of the help desk: the Message-IDs a ticket's mails carry, every intake
// message seen once, and the mail intake could not place.
import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { tickets } from './tickets.ts';
import {
  unmatchedReasons,
  unmatchedStatuses,
} from '../../../shared/schemas/staff-unmatched-mail.ts';

/**
 * Every Message-ID of a ticket's mail thread, sent (`out`) or received (`in`): outgoing mail
 * refers to them (In-Reply-To, References) and intake matches an answer's references to them.
 */
export const ticketMessages = pgTable(
  'ticket_messages',
  {
    messageId: text('message_id').primaryKey(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    direction: text('direction', { enum: ['in', 'out'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_messages_ticket_idx').on(t.ticketId, t.createdAt)],
);

/**
 * Every message intake took from the support mailbox, once (its Message-ID is the key, so a
 * message fetched twice is stored once): written in the transaction that stored it.
 */
export const intakeMessages = pgTable(
  'intake_messages',
  {
    messageId: text('message_id').primaryKey(),
    fromAddress: text('from_address').notNull(),
    outcome: text('outcome', { enum: ['ticket', 'reply', 'unmatched', 'ignored'] }).notNull(),
    /** Why a message was ignored (a loop guard) or quarantined. */
    reason: text('reason'),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** The original message in storage (`mail/<sha256>.eml`). */
    emlKey: text('eml_key').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('intake_messages_sender_idx').on(t.fromAddress, t.outcome, t.createdAt)],
);

/** Mail intake could not place: the staff help desk's "Unmatched mail" queue. */
export const unmatchedMails = pgTable(
  'unmatched_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: text('message_id')
      .notNull()
      .references(() => intakeMessages.messageId, { onDelete: 'cascade' }),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    reason: text('reason', { enum: unmatchedReasons }).notNull(),
    status: text('status', { enum: unmatchedStatuses }).notNull().default('open'),
    ticketId: text('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('unmatched_mails_status_idx').on(t.status, t.createdAt)],
);
