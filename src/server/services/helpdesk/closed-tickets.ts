// A customer and a closed or pending ticket (issue 38, ADR 061): reopen it within the
// follow-up window (portal button, or a reply by portal door or mail that is more than
// thanks), keep thanks and auto-replies on it without reopening, or accept the resolution of
// a pending one. Every door calls these commands.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ticketReplies, tickets } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { mergeMessages } from '../../../shared/schemas/ticket-merge.ts';
import { FOLLOW_UP_MESSAGES } from '../../../shared/schemas/follow-up.ts';
import type { Actor } from '../actor.ts';
import { recordEvent } from '../domain-events.ts';
import type { StoredAttachment } from './attachment-files.ts';
import { reopenUntil } from './follow-up-window.ts';
import { replyAsCustomer } from './replies.ts';
import { enqueueRatingMail } from './satisfaction.ts';
import { isOnlyThanks } from './thanks.ts';
import {
  enqueueCustomerReplyMail,
  enqueueTicketUpdateMail,
  type TicketMailConfig,
} from './ticket-mails.ts';
import { userSeesTicket } from './ticket-views.ts';
import {
  lockTicket,
  recordTicketActivity,
  recordTicketStatus,
  TICKET_NOT_FOUND,
} from './tickets.ts';

type CustomerTicket = { ticketId: string; customerId: string };

/** The ticket locked, if the customer may write on it (404 as another company's ticket). */
async function lockForCustomer(tx: Tx, author: Actor, { ticketId, customerId }: CustomerTicket) {
  if (!(await userSeesTicket(tx, author.id, { id: ticketId, customerId }))) {
    throw notFound(TICKET_NOT_FOUND);
  }
  return lockTicket(tx, ticketId, customerId);
}

/** Status, activity line, the company's status mail and the SLA clock, as a staff change. */
async function setStatus(
  tx: Tx,
  config: TicketMailConfig,
  ticket: { id: string; customerId: string; subject: string },
  status: 'open' | 'closed',
  line: string,
) {
  await tx
    .update(tickets)
    .set({ status, updatedAt: sql`now()` })
    .where(eq(tickets.id, ticket.id));
  await recordTicketActivity(tx, {
    ticketId: ticket.id,
    customerId: ticket.customerId,
    title: line,
  });
  await enqueueTicketUpdateMail(tx, config, { ticketId: ticket.id, kind: 'status', status });
  await recordTicketStatus(tx, ticket, status);
}

/**
 * The customer reopens a closed ticket within the follow-up window (409 otherwise): it is open
 * again, its resolution clock runs against its original due date (ADR 035), and the desk
 * hears of it in the ticket's thread.
 */
export async function reopenTicket(
  tx: Tx,
  config: TicketMailConfig,
  author: Actor,
  at: CustomerTicket & { message?: string; answering?: string },
): Promise<void> {
  const ticket = await lockForCustomer(tx, author, at);
  // A merged ticket lives on in the one it went into (ADR 060): reopening the pointer would
  // leave an open ticket nobody can close (outside attack, issue 38).
  if (ticket.mergedInto)
    throw conflict(mergeMessages.alreadyMerged(at.ticketId, ticket.mergedInto));
  if (ticket.status !== 'closed') throw conflict(FOLLOW_UP_MESSAGES.notClosed);
  if (!(await reopenUntil(tx, at.ticketId))) throw conflict(FOLLOW_UP_MESSAGES.windowOver);
  const { ticketId, customerId } = at;
  await setStatus(
    tx,
    config,
    { id: ticketId, customerId, subject: ticket.subject },
    'open',
    `Ticket ${ticketId} reopened by ${author.name}`,
  );
  // A reply that reopens tells the desk itself (replyAsCustomer); the button alone says so here.
  if (at.message === undefined) {
    await enqueueCustomerReplyMail(tx, config, {
      ticketId,
      subject: ticket.subject,
      author,
      message: `${author.name} reopened the ticket.`,
    });
  }
}

/**
 * The customer accepts the resolution of a pending ticket (409 on any other status): closed
 * as a staff close is, with the activity line, the SLA resolution and the rating mail.
 */
export async function resolveTicket(
  tx: Tx,
  config: TicketMailConfig,
  author: Actor,
  at: CustomerTicket,
): Promise<void> {
  const ticket = await lockForCustomer(tx, author, at);
  if (ticket.status !== 'pending') throw conflict(FOLLOW_UP_MESSAGES.notPending);
  const { ticketId, customerId } = at;
  await setStatus(
    tx,
    config,
    { id: ticketId, customerId, subject: ticket.subject },
    'closed',
    `Ticket ${ticketId} marked as resolved by ${author.name}`,
  );
  await enqueueCustomerReplyMail(tx, config, {
    ticketId,
    subject: ticket.subject,
    author,
    message: `${author.name} marked the ticket as resolved.`,
  });
  await enqueueRatingMail(tx, config, ticketId);
}

export type ClosedReply = CustomerTicket & {
  message: string;
  files?: StoredAttachment[];
  answering?: string;
  /** An auto-reply (RFC 3834 and its cousins): never reopens. */
  automatic?: boolean;
};

/**
 * A customer's reply to a closed ticket (mail intake): `window-over` when the follow-up
 * window has passed (the caller opens a new, linked ticket, as before issue 38); `kept` for
 * thanks or an auto-reply without files: on the ticket, which stays closed, its clock and
 * `updatedAt` untouched, no mail; else `reopened` with the reply.
 */
export async function replyToClosedTicket(
  tx: Tx,
  config: TicketMailConfig,
  author: Actor,
  reply: ClosedReply,
): Promise<'window-over' | 'kept' | 'reopened'> {
  const { ticketId, customerId, message, files = [], answering } = reply;
  const ticket = await lockForCustomer(tx, author, reply);
  if (ticket.status !== 'closed') {
    await replyAsCustomer(tx, config, author, { ticketId, customerId, message, files, answering });
    return 'reopened';
  }
  if (!(await reopenUntil(tx, ticketId))) return 'window-over';
  if (files.length === 0 && (reply.automatic || isOnlyThanks(message))) {
    await keepReply(tx, author, reply);
    return 'kept';
  }
  await reopenTicket(tx, config, author, { ticketId, customerId, message });
  await replyAsCustomer(tx, config, author, { ticketId, customerId, message, files, answering });
  return 'reopened';
}

async function keepReply(tx: Tx, author: Actor, { ticketId, customerId, message }: ClosedReply) {
  const [kept] = await tx
    .insert(ticketReplies)
    .values({ ticketId, message, author: author.name, authorUserId: author.id, isAgent: false })
    .returning({ id: ticketReplies.id });
  if (!kept) throw new Error('reply not inserted');
  await recordEvent(tx, {
    type: 'ticket.replied',
    customerId,
    entityId: ticketId,
    data: { ticketId, replyId: kept.id, author: author.name, fromAgent: false },
  });
}
