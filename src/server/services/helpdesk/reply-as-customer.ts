// "A customer replied": the portal (with or without files) and a customer's mail call this one
// command, which owns every effect of the reply.
import type { Tx } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { Actor } from '../actor.ts';
import type { StoredAttachment } from '../attachment-files.ts';
import { userSeesTicket } from '../ticket-views.ts';
import { recordAttachments } from './ticket-attachments.ts';
import { enqueueCustomerReplyMail, type TicketMailConfig } from './ticket-mails.ts';
import { addReply, TICKET_NOT_FOUND } from './tickets.ts';

export type CustomerReply = {
  ticketId: string;
  /** The company the reply is written in: the ticket must be one of its tickets. */
  customerId: string;
  message: string;
  files?: StoredAttachment[];
  /** The Message-ID of the mail the reply came in as (intake): it joins the ticket's thread. */
  answering?: string;
};

/**
 * A ticket the author may not see is not there for them (404, as another company's ticket;
 * issue 18); else the reply and its files, the SLA clock and `ticket.replied` (addReply), and
 * the support desk's mail in the ticket's thread, so the conversation does not stall.
 */
export async function replyAsCustomer(
  tx: Tx,
  config: TicketMailConfig,
  author: Actor,
  { ticketId, customerId, message, files = [], answering }: CustomerReply,
) {
  if (!(await userSeesTicket(tx, author.id, { id: ticketId, customerId }))) {
    throw notFound(TICKET_NOT_FOUND);
  }
  const added = await addReply(tx, { ticketId, customerId, author, asAgent: false, message });
  await recordAttachments(tx, {
    ticketId,
    replyId: added.reply.id,
    uploadedByUserId: author.id,
    files,
  });
  await enqueueCustomerReplyMail(tx, config, {
    ticketId,
    subject: added.ticket.subject,
    author,
    message,
    answering,
  });
  return added.reply;
}
