// "A ticket was opened": the portal (with or without files), a customer's mail, an agent
// placing an unmatched mail and an agent opening one for a caller call this one command, which
// owns every effect of the new ticket, its assignment by the help desk's rule included (ADR 063).
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customers, customerUsers, ticketFollowUps, users } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type { NewTicket, TicketChannel } from '../../../shared/schemas/tickets.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import type { StoredAttachment } from './attachment-files.ts';
import { assignOnOpen } from './assignment-rule.ts';
import { assignTicket } from './ticket-assignment.ts';
import { recordAttachments } from './ticket-attachments.ts';
import { enqueueNewTicketMails, type TicketMailConfig } from './ticket-mails.ts';
import { createTicket } from './tickets.ts';

export const COMPANY_NOT_FOUND = 'Company not found';
export const NOT_A_REQUESTER = 'Requester is not a user of this company';

export type TicketOpening = {
  customerId: string;
  input: NewTicket;
  files?: StoredAttachment[];
  /** How it came in; the portal's when not said. */
  channel?: TicketChannel;
  /** The agent who opened it for its author (issue 38): audited, named on the activity line. */
  openedBy?: Actor;
  /** The Message-ID of the mail that opened it (intake): it starts the ticket's thread. */
  answering?: string;
  /** The closed ticket a mail answered: the new one follows it up. */
  followsTicketId?: string;
  /** An agent chosen beforehand (a scheduled ticket's): given the ticket instead of the rule. */
  assigneeId?: string;
};

const channelWords: Record<TicketChannel, string> = {
  phone: 'by phone',
  'walk-in': 'at the desk',
  'e-mail': 'by e-mail',
  portal: 'in the portal',
};

/**
 * The user an agent opens a ticket for: an active user with an active membership of the
 * company, or a 400 saying so (the company's users would otherwise read a stranger's ticket,
 * and a stranger would get its mail). 404 for a company that does not exist.
 */
export async function requesterOf(tx: Tx, customerId: string, userId: string): Promise<Actor> {
  const [company] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!company) throw notFound(COMPANY_NOT_FOUND);
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .innerJoin(customerUsers, eq(customerUsers.userId, users.id))
    .where(
      and(
        eq(users.id, userId),
        eq(customerUsers.customerId, customerId),
        eq(users.active, true),
        eq(customerUsers.active, true),
      ),
    );
  if (!user) throw badRequest(NOT_A_REQUESTER);
  return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}` };
}

/**
 * The ticket (open, SLA clock, `ticket.created`, activity line: createTicket) and its files,
 * the follow-up link, its agent by the assignment rule (ADR 063), and the mails to the support
 * desk and the author in the ticket's thread. Opened by an agent, the author still gets the mail
 * as if they had written it, and the agent's `ticket.create` audit entry says who and how.
 * Returns the ticket's id.
 */
export async function openTicket(
  tx: Tx,
  config: TicketMailConfig,
  author: Actor,
  {
    customerId,
    input,
    files = [],
    channel = 'portal',
    openedBy,
    answering,
    followsTicketId,
    assigneeId,
  }: TicketOpening,
): Promise<string> {
  const ticketId = await createTicket(tx, {
    customerId,
    author,
    input,
    channel,
    openedBy: openedBy && { id: openedBy.id, note: `${openedBy.name} ${channelWords[channel]}` },
  });
  // The agent's upload counts against the agent's daily allowance, not the caller's.
  const uploadedByUserId = openedBy?.id ?? author.id;
  await recordAttachments(tx, { ticketId, replyId: null, uploadedByUserId, files });
  if (followsTicketId) await tx.insert(ticketFollowUps).values({ ticketId, followsTicketId });
  if (assigneeId) await assignTicket(tx, { ticketId, customerId, assigneeId });
  else await assignOnOpen(tx, { ticketId, customerId });
  await enqueueNewTicketMails(tx, config, {
    ticket: { id: ticketId, ...input },
    author,
    customerId,
    answering,
  });
  if (openedBy)
    await recordAudit(tx, openedBy, {
      action: 'ticket.create',
      entityType: 'ticket',
      entityId: ticketId,
      customerId,
      details: {
        requesterUserId: author.id,
        channel,
        priority: input.priority,
        category: input.category,
        department: input.department,
        files: files.length,
      },
    });
  return ticketId;
}
