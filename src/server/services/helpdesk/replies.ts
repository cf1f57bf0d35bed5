// A reply to a ticket, one command per author: the portal (with or without files) and a
// customer's mail call `replyAsCustomer`; the staff workspace (with or without files) and a
// staff address's mail call `replyAsAgent`. An effect of every reply goes into `addReply`.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { ticketReplies, tickets } from '../../db/schema.ts';
import { ticketReplyColumns } from '../../db/ticket-columns.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { TicketReply } from '../../../shared/schemas/tickets.ts';
import type { Actor } from '../actor.ts';
import type { StoredAttachment } from './attachment-files.ts';
import { recordAudit } from '../audit.ts';
import { recordEvent } from '../domain-events.ts';
import { survivorOf } from './merge-tickets.ts';
import { pauseResolutionClock, recordFirstResponse, resumeResolutionClock } from './sla.ts';
import { userSeesTicket } from './ticket-views.ts';
import { recordAttachments } from './ticket-attachments.ts';
import {
  enqueueCustomerReplyMail,
  enqueueTicketUpdateMail,
  type TicketMailConfig,
} from './ticket-mails.ts';
import { lockTicket, recordTicketActivity, TICKET_NOT_FOUND } from './tickets.ts';

/** What a customer reads on a closed ticket; an agent can reopen it instead. */
const CLOSED_FOR_CUSTOMER = 'This ticket is closed. Please open a new ticket.';
const CLOSED_FOR_AGENT = 'This ticket is closed. Reopen it to reply.';

type ReplyMessage = {
  ticketId: string;
  message: string;
  files?: StoredAttachment[];
  /** The Message-ID of the mail the reply came in as (intake): it joins the ticket's thread. */
  answering?: string;
};

/**
 * What every reply does, whoever wrote it through whichever door: a reply on an open or
 * pending ticket (a closed one refuses it), authored by `author` (`asAgent` for staff), with
 * its files; the SLA clock, the ticket's `updatedAt` and `ticket.replied` move with it.
 * Returns the reply and the ticket it joined.
 */
async function addReply(
  tx: Tx,
  {
    ticketId,
    customerId,
    author,
    asAgent,
    message,
    files = [],
  }: ReplyMessage & { customerId?: string; author: Actor; asAgent: boolean },
) {
  const ticket = await lockTicket(tx, ticketId, customerId);
  if (ticket.status === 'closed') {
    throw conflict(asAgent ? CLOSED_FOR_AGENT : CLOSED_FOR_CUSTOMER);
  }
  const [reply] = await tx
    .insert(ticketReplies)
    .values({ ticketId, message, author: author.name, authorUserId: author.id, isAgent: asAgent })
    .returning(ticketReplyColumns);
  if (!reply) throw new Error('reply not inserted');
  if (asAgent) await recordFirstResponse(tx, ticketId);
  // Pending = waiting on the customer: their reply (portal or mail) runs the resolution clock
  // again without changing the status (the portal changes none); staff's reply waits again.
  if (ticket.status === 'pending') {
    await (asAgent ? pauseResolutionClock(tx, ticketId) : resumeResolutionClock(tx, ticketId));
  }
  await tx
    .update(tickets)
    .set({ updatedAt: sql`now()` })
    .where(eq(tickets.id, ticketId));
  const added: TicketReply = { ...reply, createdAt: reply.createdAt.toISOString() };
  await recordEvent(tx, {
    type: 'ticket.replied',
    customerId: ticket.customerId,
    entityId: ticketId,
    data: { ticketId, replyId: reply.id, author: reply.author, fromAgent: reply.isAgent },
  });
  await recordAttachments(tx, { ticketId, replyId: reply.id, uploadedByUserId: author.id, files });
  return { reply: added, ticket };
}

/**
 * A customer's reply. A ticket the author may not see is not there for them (404, as another
 * company's ticket; issue 18); `customerId` is the company it is written in. A reply to a
 * merged ticket lands on the ticket it was merged into. The support desk
 * hears of it by mail, in the ticket's thread, so the conversation does not stall.
 */
export async function replyAsCustomer(
  tx: Tx,
  config: TicketMailConfig,
  author: Actor,
  { customerId, ...reply }: ReplyMessage & { customerId: string },
) {
  const { message, answering } = reply;
  if (!(await userSeesTicket(tx, author.id, { id: reply.ticketId, customerId }))) {
    throw notFound(TICKET_NOT_FOUND);
  }
  // A reply to a merged ticket joins the survivor (ADR 060), if the author may read it too.
  const ticketId = await survivorOf(tx, reply.ticketId);
  if (
    ticketId !== reply.ticketId &&
    !(await userSeesTicket(tx, author.id, { id: ticketId, customerId }))
  ) {
    throw notFound(TICKET_NOT_FOUND);
  }
  const added = await addReply(tx, { ...reply, ticketId, customerId, author, asAgent: false });
  await enqueueCustomerReplyMail(tx, config, {
    ticketId,
    subject: added.ticket.subject,
    author,
    message,
    answering,
  });
  return added.reply;
}

/**
 * An agent's reply: the company's activity line, the mail to those who see the ticket and to
 * the `cc` addresses (issue 17) in the ticket's thread, and the audit entry.
 */
export async function replyAsAgent(
  tx: Tx,
  config: TicketMailConfig,
  actor: Actor,
  { cc = [], ...message }: ReplyMessage & { cc?: string[] },
) {
  const { files = [], answering } = message;
  // A reply to a merged ticket joins the survivor (ADR 060), as a customer's does.
  const ticketId = await survivorOf(tx, message.ticketId);
  const { reply, ticket } = await addReply(tx, {
    ...message,
    ticketId,
    author: actor,
    asAgent: true,
  });
  await recordTicketActivity(tx, {
    ticketId,
    customerId: ticket.customerId,
    title: `New reply on ticket ${ticketId}`,
  });
  await enqueueTicketUpdateMail(tx, config, {
    ticketId,
    kind: 'reply',
    author: actor.name,
    message: reply.message,
    cc,
    answering,
  });
  await recordAudit(tx, actor, {
    action: 'ticket.reply',
    entityType: 'ticket',
    entityId: ticketId,
    customerId: ticket.customerId,
    details: {
      replyId: reply.id,
      ...(cc.length ? { cc } : {}),
      ...(files.length ? { attachments: files.map((f) => f.name) } : {}),
      ...(answering ? { via: 'mail' } : {}),
    },
  });
  return reply;
}
