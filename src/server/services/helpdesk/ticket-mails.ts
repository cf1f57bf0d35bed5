// Ticket e-mails. Each function only enqueues into the outbox inside the caller's
// transaction (`app.write` wakes the worker after commit), so an SMTP outage neither
// loses a message nor fails the request. Every ticket mail joins the ticket's mail thread
// (ticket-thread.ts) and is answered to the support mailbox, where intake reads the answer.
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Tx } from '../../db/client.ts';
import {
  customerUsers,
  customers,
  notificationPreferences,
  tickets,
  users,
} from '../../db/schema.ts';
import { ticketReaders } from '../role-filters.ts';
import { enqueueMail, type MailMessage } from '../mail-outbox.ts';
import {
  acknowledgementBody,
  ccReplyBody,
  deskCustomerReplyBody,
  deskNewTicketBody,
  ticketUpdateBody,
  watcherAddedBody,
} from './ticket-mail-templates.tsx';
import { deskReplyAddress } from './desk-reply-address.ts';
import { inTicketThread } from './ticket-thread.ts';
import { unsubscribeLinks } from '../unsubscribe-tokens.ts';
import { paths } from '../../../shared/routes.ts';
import type { TicketStatus } from '../../../shared/schemas/tickets.ts';

export type TicketMailConfig = Pick<
  Config,
  'appUrl' | 'supportEmail' | 'supportMailbox' | 'imapUrl' | 'sessionSecrets'
>;

/**
 * Where the support desk's answer to a notification goes: with intake on, the ticket's desk
 * reply address in the support mailbox (an agent's answer to it from a staff address becomes an
 * agent reply, review N7); else the customer.
 */
const deskReplyTo = (config: TicketMailConfig, ticketId: string, authorEmail: string) =>
  config.imapUrl ? deskReplyAddress(config, ticketId) : authorEmail;

export type NewTicketMail = {
  ticket: {
    id: string;
    subject: string;
    description: string;
    priority: string;
    category: string;
    department: string;
  };
  author: { name: string; email: string };
  customerId: string;
  /** The Message-ID of the mail that opened it (intake): the mails answer it. */
  answering?: string | undefined;
};

/** A new portal ticket: to the support desk (reply goes to the author) and an acknowledgement to the author. */
export async function enqueueNewTicketMails(tx: Tx, config: TicketMailConfig, mail: NewTicketMail) {
  const { ticket, author } = mail;
  const [customer] = await tx
    .select({ name: customers.name })
    .from(customers)
    .where(eq(customers.id, mail.customerId));
  const customerName = customer?.name ?? '';
  const subject = oneLine(ticket.subject);
  const desk: MailMessage = {
    to: config.supportEmail,
    replyTo: deskReplyTo(config, ticket.id, author.email),
    subject: `[${ticket.id}] New ticket from ${customerName}: ${subject}`,
    ...deskNewTicketBody({ ticket, subject, author, customerName }),
  };
  const acknowledgement: MailMessage = {
    to: author.email,
    replyTo: config.supportMailbox,
    subject: `[${ticket.id}] We received your ticket: ${subject}`,
    ...acknowledgementBody({
      ticketId: ticket.id,
      subject,
      authorName: author.name,
      portalLink: portalLink(config),
    }),
  };
  await enqueueMail(
    tx,
    await inTicketThread(tx, config, ticket.id, [desk, acknowledgement], {
      automatic: true,
      answering: mail.answering,
    }),
  );
}

/** A customer's reply: the support desk hears of it so the conversation does not stall. */
export async function enqueueCustomerReplyMail(
  tx: Tx,
  config: TicketMailConfig,
  reply: {
    ticketId: string;
    subject: string;
    author: { name: string; email: string };
    message: string;
    answering?: string | undefined;
  },
) {
  const desk: MailMessage = {
    to: config.supportEmail,
    replyTo: deskReplyTo(config, reply.ticketId, reply.author.email),
    subject: `[${reply.ticketId}] Customer reply: ${oneLine(reply.subject)}`,
    ...deskCustomerReplyBody({
      author: reply.author,
      message: reply.message,
      subject: oneLine(reply.subject),
    }),
  };
  await enqueueMail(
    tx,
    await inTicketThread(tx, config, reply.ticketId, [desk], {
      automatic: true,
      answering: reply.answering,
    }),
  );
}

export type TicketUpdate =
  | {
      ticketId: string;
      kind: 'reply';
      author: string;
      message: string;
      cc?: string[];
      answering?: string | undefined;
    }
  | { ticketId: string; kind: 'status'; status: TicketStatus };

/**
 * An agent replied or changed a ticket's status: every active user of the ticket's
 * company who sees the ticket (issue 18; its watchers, issue 17) and whose `emailTickets`
 * preference is on (on by default) gets one e-mail; a reply's `cc` addresses (issue 17) get
 * a copy of it (mail only: they are not portal users of the ticket). Returns how many were enqueued.
 */
export async function enqueueTicketUpdateMail(
  tx: Tx,
  config: TicketMailConfig,
  update: TicketUpdate,
): Promise<number> {
  const [ticket] = await tx
    .select({
      id: tickets.id,
      subject: tickets.subject,
      customerId: tickets.customerId,
      createdByUserId: tickets.createdByUserId,
      private: tickets.private,
    })
    .from(tickets)
    .where(eq(tickets.id, update.ticketId))
    .limit(1);
  if (!ticket) return 0;
  const recipients = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        eq(customerUsers.customerId, ticket.customerId),
        eq(users.active, true),
        // Issue 18: only those who see the ticket hear of it (private, own, role).
        ticketReaders(ticket),
        sql`coalesce(${notificationPreferences.emailTickets}, true)`,
      ),
    );
  const subject = oneLine(ticket.subject);
  const messages: MailMessage[] = recipients.map((r) => {
    const { links, headers, secrets } = unsubscribeLinks(config, r.id, 'tickets');
    return {
      to: r.email,
      replyTo: config.supportMailbox,
      headers,
      secrets,
      subject:
        update.kind === 'reply'
          ? `[${update.ticketId}] New reply: ${subject}`
          : `[${update.ticketId}] Status changed to ${update.status}: ${subject}`,
      ...ticketUpdateBody({
        firstName: r.firstName,
        ticketId: update.ticketId,
        subject,
        update,
        portalLink: portalLink(config),
        links,
      }),
    };
  });
  if (update.kind === 'reply') {
    const mailed = new Set(recipients.map((r) => r.email.toLowerCase()));
    const copies = [...new Set((update.cc ?? []).map((a) => a.toLowerCase()))].filter(
      (a) => !mailed.has(a),
    );
    for (const to of copies)
      messages.push({
        to,
        replyTo: config.supportMailbox,
        subject: `[${update.ticketId}] New reply: ${subject}`,
        ...ccReplyBody({
          ticketId: update.ticketId,
          subject,
          author: update.author,
          message: update.message,
        }),
      });
  }
  // An agent's reply is a person's words; a status change is automatic.
  const automatic = update.kind === 'status';
  const answering = update.kind === 'reply' ? update.answering : undefined;
  await enqueueMail(
    tx,
    await inTicketThread(tx, config, update.ticketId, messages, { automatic, answering }),
  );
  return messages.length;
}

const portalLink = (config: TicketMailConfig) => `${config.appUrl}${paths.tickets}`;

/** A subject line never carries line breaks into a mail header. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * A colleague was put in copy of a ticket (issue 17): they hear of it once, if their ticket
 * mails are on; later agent replies reach them through `enqueueTicketUpdateMail`.
 */
export async function enqueueWatcherAddedMail(
  tx: Tx,
  config: TicketMailConfig,
  added: { ticketId: string; subject: string; by: string; userId: string },
): Promise<number> {
  const [watcher] = await tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(eq(users.id, added.userId), sql`coalesce(${notificationPreferences.emailTickets}, true)`),
    );
  if (!watcher) return 0;
  const subject = oneLine(added.subject);
  const unsubscribe = unsubscribeLinks(config, watcher.id, 'tickets');
  const message: MailMessage = {
    to: watcher.email,
    replyTo: config.supportMailbox,
    subject: `[${added.ticketId}] You are in copy: ${subject}`,
    headers: unsubscribe.headers,
    secrets: unsubscribe.secrets,
    ...watcherAddedBody({
      firstName: watcher.firstName,
      by: added.by,
      ticketId: added.ticketId,
      subject,
      portalLink: portalLink(config),
      links: unsubscribe.links,
    }),
  };
  await enqueueMail(
    tx,
    await inTicketThread(tx, config, added.ticketId, [message], { automatic: true }),
  );
  return 1;
}
