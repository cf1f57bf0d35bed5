// "A ticket was opened": the portal (with or without files), a customer's mail and an agent
// placing an unmatched mail call this one command, which owns every effect of the new ticket.
import type { Tx } from '../../db/client.ts';
import { ticketFollowUps } from '../../db/schema.ts';
import type { NewTicket } from '../../../shared/schemas/tickets.ts';
import type { Actor } from '../actor.ts';
import type { StoredAttachment } from './attachment-files.ts';
import { recordAttachments } from './ticket-attachments.ts';
import { enqueueNewTicketMails, type TicketMailConfig } from './ticket-mails.ts';
import { createTicket } from './tickets.ts';

export type TicketOpening = {
  customerId: string;
  input: NewTicket;
  files?: StoredAttachment[];
  /** The Message-ID of the mail that opened it (intake): it starts the ticket's thread. */
  answering?: string;
  /** The closed ticket a mail answered: the new one follows it up. */
  followsTicketId?: string;
};

/**
 * The ticket (open, SLA clock, `ticket.created`, activity line: createTicket) and its files,
 * the follow-up link, and the mails to the support desk and the author in the ticket's thread.
 * Returns the ticket's id.
 */
export async function openTicket(
  tx: Tx,
  config: TicketMailConfig,
  author: Actor,
  { customerId, input, files = [], answering, followsTicketId }: TicketOpening,
): Promise<string> {
  const ticketId = await createTicket(tx, { customerId, author, input });
  await recordAttachments(tx, { ticketId, replyId: null, uploadedByUserId: author.id, files });
  if (followsTicketId) await tx.insert(ticketFollowUps).values({ ticketId, followsTicketId });
  await enqueueNewTicketMails(tx, config, {
    ticket: { id: ticketId, ...input },
    author,
    customerId,
    answering,
  });
  return ticketId;
}
