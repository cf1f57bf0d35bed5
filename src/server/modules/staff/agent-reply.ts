import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import type { Actor } from '../../services/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { enqueueTicketUpdateMail } from '../../services/helpdesk/ticket-mails.ts';
import { recordTicketActivity } from '../../services/helpdesk/tickets.ts';

/**
 * The staff door's extras of an agent reply, with or without files: the customer's activity
 * card, the mail to those who see the ticket and to the Cc addresses, and the audit entry.
 */
export async function recordAgentReplyExtras(
  tx: Tx,
  config: Config,
  actor: Actor,
  reply: {
    ticketId: string;
    customerId: string;
    replyId: string;
    message: string;
    cc: string[];
    attachments?: string[];
  },
) {
  await recordTicketActivity(tx, {
    ticketId: reply.ticketId,
    customerId: reply.customerId,
    title: `New reply on ticket ${reply.ticketId}`,
  });
  await enqueueTicketUpdateMail(tx, config, {
    ticketId: reply.ticketId,
    kind: 'reply',
    author: actor.name,
    message: reply.message,
    cc: reply.cc,
  });
  await recordAudit(tx, actor, {
    action: 'ticket.reply',
    entityType: 'ticket',
    entityId: reply.ticketId,
    customerId: reply.customerId,
    details: {
      replyId: reply.replyId,
      ...(reply.cc.length ? { cc: reply.cc } : {}),
      ...(reply.attachments?.length ? { attachments: reply.attachments } : {}),
    },
  });
}
