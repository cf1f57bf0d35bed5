// "An agent replied": every door (the staff workspace with or without files, a staff address's
// mail) calls this one command, which owns every effect of the reply.
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../actor.ts';
import type { StoredAttachment } from '../attachment-files.ts';
import { recordAudit } from '../audit.ts';
import { recordAttachments } from './ticket-attachments.ts';
import { enqueueTicketUpdateMail, type TicketMailConfig } from './ticket-mails.ts';
import { addReply, recordTicketActivity } from './tickets.ts';

export type AgentReply = {
  ticketId: string;
  message: string;
  /** Addresses that get a copy of the reply by mail (issue 17). */
  cc?: string[];
  files?: StoredAttachment[];
  /** The Message-ID of the mail the reply came in as (intake): it joins the ticket's thread. */
  answering?: string;
};

/**
 * The reply and its files; the SLA's first response and `ticket.replied` (addReply); the
 * company's activity line; the mail to those who see the ticket and to the Cc addresses, in
 * the ticket's thread; the audit entry. Returns the reply.
 */
export async function replyAsAgent(
  tx: Tx,
  config: TicketMailConfig,
  actor: Actor,
  { ticketId, message, cc = [], files = [], answering }: AgentReply,
) {
  const { reply, ticket } = await addReply(tx, { ticketId, author: actor, asAgent: true, message });
  await recordAttachments(tx, { ticketId, replyId: reply.id, uploadedByUserId: actor.id, files });
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
