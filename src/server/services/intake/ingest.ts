// One message of the support mailbox becomes exactly one ticket, reply, quarantined or
// ignored row: the Message-ID is written first in the same transaction, so a message
// fetched twice (a crash before \Seen, two app servers) is stored once. What a
// placed mail does is the help desk's command (services/helpdesk/), as for the portal and staff.
import { Readable } from 'node:stream';
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { customerUsers, intakeMessages, tickets, unmatchedMails, users } from '../../db/schema.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import type { Actor } from '../actor.ts';
import type { FileStorage } from '../storage.ts';
import { storeAttachment, type StoredAttachment } from '../helpdesk/attachment-files.ts';
import {
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS,
} from '../../../shared/schemas/ticket-attachments.ts';
import type { NewTicket } from '../../../shared/schemas/tickets.ts';
import { openTicket } from '../helpdesk/open-ticket.ts';
import { replyAsAgent, replyAsCustomer } from '../helpdesk/replies.ts';
import { survivorOf } from '../helpdesk/merge-tickets.ts';
import { replyToClosedTicket } from '../helpdesk/closed-tickets.ts';
import { ticketOfReferences } from '../helpdesk/ticket-thread.ts';
import { userSeesTicket } from '../helpdesk/ticket-views.ts';
import { answersDeskMail } from '../helpdesk/desk-reply-address.ts';
import { emlKeyOf, headerBlock, readMessage, type IncomingMail } from './read-message.ts';
import { senderAuthentication } from './sender-authentication.ts';
import { overUnmatchedLimit } from './unmatched-limit.ts';
import { takeTimeLine } from './mail-time.ts';
import { logMailTime } from './mail-time-entry.ts';

/** New tickets one sender may open by mail per hour; the rest wait in the unmatched queue. */
export const NEW_TICKETS_PER_SENDER_HOUR = 20;
const MAX_SUBJECT = 200;
const MAX_TEXT = 10_000;

export type IntakeConfig = Pick<
  Config,
  | 'appUrl'
  | 'mailFrom'
  | 'supportEmail'
  | 'supportMailbox'
  | 'imapUrl'
  | 'intakeCategory'
  | 'intakeDepartment'
  | 'sessionSecrets'
>;

export type IntakeDeps = {
  db: Db;
  /** `app.write`: a transaction that wakes the mail worker after commit. */
  write: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  storage: FileStorage;
  config: IntakeConfig;
};

type Unmatched = (typeof unmatchedMails.$inferInsert)['reason'];
export type IntakeResult =
  | { outcome: 'ticket' | 'reply'; ticketId: string }
  | { outcome: 'unmatched'; reason: Unmatched }
  | { outcome: 'ignored'; reason: string }
  | { outcome: 'duplicate' };

/** The address part of MAIL_FROM (`Name <no-reply@host>`). */
const addressOf = (from: string) => (/<([^>]+)>/.exec(from)?.[1] ?? from).trim().toLowerCase();

/** An unmatched mail past the hourly allowances: dropped, nothing stored (review N15). */
const DROPPED: IntakeResult = { outcome: 'ignored', reason: 'unmatched-limit' };
export const wasDropped = (result: IntakeResult) =>
  result.outcome === DROPPED.outcome && result.reason === DROPPED.reason;

export async function ingestMessage(deps: IntakeDeps, raw: Buffer): Promise<IntakeResult> {
  const own = [addressOf(deps.config.mailFrom), deps.config.supportMailbox.toLowerCase()];
  const mail = await readMessage(raw, own);
  const [seen] = await deps.db
    .select({ id: intakeMessages.messageId })
    .from(intakeMessages)
    .where(eq(intakeMessages.messageId, mail.messageId));
  if (seen) return { outcome: 'duplicate' };
  // A message over the size limit keeps its header block only: who sent what, not 25 MB+.
  const kept = mail.quarantine === 'too-large' ? headerBlock(raw) : raw;
  // Kept under a key of its content: a retry writes the same file. Before the transaction,
  // unless the mail may be dropped: then only once it is known to be kept.
  const emlKey = emlKeyOf(kept);
  const mayDrop = await overUnmatchedLimit(deps.db, mail.fromAddress);
  if (!mayDrop) await deps.storage.put(emlKey, kept);
  const files = await storeMailAttachments(deps.storage, mail);
  const result = await deps
    .write(async (tx): Promise<IntakeResult> => {
      const [claimed] = await tx
        .insert(intakeMessages)
        .values({
          messageId: mail.messageId,
          fromAddress: mail.fromAddress,
          outcome: 'ignored',
          emlKey,
        })
        .onConflictDoNothing()
        .returning({ id: intakeMessages.messageId });
      if (!claimed) return { outcome: 'duplicate' };
      const result = await place(tx, deps.config, mail, files.stored);
      if (mayDrop && result.outcome === 'unmatched') {
        // Its queue row goes with it (cascade).
        await tx.delete(intakeMessages).where(eq(intakeMessages.messageId, mail.messageId));
        return DROPPED;
      }
      if (mayDrop) await deps.storage.put(emlKey, kept);
      await tx
        .update(intakeMessages)
        .set({
          outcome: result.outcome === 'duplicate' ? 'ignored' : result.outcome,
          reason: 'reason' in result ? result.reason : null,
          ticketId: 'ticketId' in result ? result.ticketId : null,
        })
        .where(eq(intakeMessages.messageId, mail.messageId));
      return result;
    })
    .catch(async (err: unknown) => {
      await removeFiles(deps.storage, files.written);
      throw err;
    });
  // Files of a message that became no ticket or reply stay only in its kept .eml.
  if (result.outcome !== 'ticket' && result.outcome !== 'reply') {
    await removeFiles(deps.storage, files.written);
  }
  return result;
}

/**
 * A mail's attachments into storage before its transaction (issue 17), under the same rules
 * as the portal's: name cleaned (review N11), sniffed type, no programs, image bombs refused,
 * thumbnails. A file refused by those rules, or past the 10th, is left out: it stays in the
 * kept .eml, which staff can download, and the rest of the message still becomes a ticket or
 * reply.
 */
async function storeMailAttachments(storage: FileStorage, mail: IncomingMail) {
  const stored: StoredAttachment[] = [];
  const written: string[] = [];
  if (mail.quarantine || mail.loop) return { stored, written };
  for (const file of mail.attachments.slice(0, MAX_ATTACHMENTS)) {
    if (file.content.length > MAX_ATTACHMENT_BYTES) continue;
    const mine: string[] = [];
    try {
      stored.push(
        await storeAttachment(
          storage,
          { name: cleanFileName(file.name), stream: Readable.from([file.content]) },
          'tickets/mail',
          mine,
        ),
      );
      written.push(...mine);
    } catch {
      await removeFiles(storage, mine);
    }
  }
  return { stored, written };
}

const removeFiles = (storage: FileStorage, keys: string[]) =>
  Promise.all(keys.map((key) => storage.delete(key).catch(() => {})));

/**
 * Which command a mail is: an agent's reply (a staff address answering its desk mail), a
 * customer's reply (a ticket they see: open, or closed within the follow-up window, ADR 061),
 * or a new ticket (following up the closed one it answered); else it waits in the unmatched
 * queue. An auto-reply is only ever kept on a closed ticket; otherwise ignored, as before.
 */
async function place(
  tx: Tx,
  config: IntakeConfig,
  mail: IncomingMail,
  files: StoredAttachment[],
): Promise<IntakeResult> {
  if (mail.quarantine) return quarantine(tx, mail, mail.quarantine);
  // Our own mail is never placed; an auto-reply only on a closed ticket (kept, never reopening).
  if (mail.loop === 'own-address') return { outcome: 'ignored', reason: mail.loop };
  const sender = await senderOf(tx, mail.fromAddress);
  if (mail.loop && !sender) return { outcome: 'ignored', reason: mail.loop };
  if (!sender) return quarantine(tx, mail, 'unknown-sender');
  const answered = await answeredTicket(tx, config, mail);
  // What the mail says, whichever command it becomes.
  const content = { message: bodyOf(mail), files, answering: mail.messageId };

  if (sender.staff) {
    if (mail.loop) return { outcome: 'ignored', reason: mail.loop };
    if (!answered || answered.status === 'closed') {
      return quarantine(tx, mail, 'staff-without-ticket');
    }
    if (!staffMailProven(config, mail, answered.id)) {
      return quarantine(tx, mail, 'staff-unverified');
    }
    // A `time: 30m` line logs time (ADR 074) and is neither mailed nor kept in the thread.
    const { text, time } = takeTimeLine(mail.text);
    await logMailTime(tx, sender, answered, time, config.appUrl);
    // A mail of a time line alone is no reply to anyone.
    if (time.kind !== 'none' && !text && files.length === 0)
      return { outcome: 'reply', ticketId: answered.id };
    const message = (text || '(no text)').slice(0, MAX_TEXT);
    await replyAsAgent(tx, config, sender.actor, { ticketId: answered.id, ...content, message });
    return { outcome: 'reply', ticketId: answered.id };
  }

  const companies = await activeCompaniesOf(tx, sender.actor.id);
  if (typeof companies === 'string')
    return mail.loop ? { outcome: 'ignored', reason: mail.loop } : quarantine(tx, mail, companies);
  // A reference to a ticket the sender may not see (another company's, a colleague's they
  // are not in copy of, a private one) is not an answer to it: the portal's rule, issue 17.
  const own =
    answered && (await userSeesTicket(tx, sender.actor.id, answered)) ? answered : undefined;

  if (own?.status === 'closed') {
    // Within the follow-up window: reopened, or kept when only thanks or an auto-reply (ADR 061).
    const done = await replyToClosedTicket(tx, config, sender.actor, {
      ticketId: own.id,
      customerId: own.customerId,
      ...content,
      automatic: mail.loop !== undefined,
    });
    if (done !== 'window-over') return { outcome: 'reply', ticketId: own.id };
  }
  if (mail.loop) return { outcome: 'ignored', reason: mail.loop };

  if (own && own.status !== 'closed') {
    await replyAsCustomer(tx, config, sender.actor, {
      ticketId: own.id,
      customerId: own.customerId,
      ...content,
    });
    return { outcome: 'reply', ticketId: own.id };
  }

  if (await overNewTicketLimit(tx, mail.fromAddress)) return quarantine(tx, mail, 'rate-limited');
  const ticketId = await openTicket(tx, config, sender.actor, {
    customerId: own?.customerId ?? (await latestCompany(tx, sender.actor.id, companies)),
    input: mailTicketInput(config, { subject: mail.subject, text: content.message }),
    files,
    answering: content.answering,
    channel: 'e-mail',
    ...(own ? { followsTicketId: own.id } : {}),
  });
  return { outcome: 'ticket', ticketId };
}

/** The active user a mail's sender address belongs to, as an actor; staff or not. */
async function senderOf(tx: Tx, address: string) {
  const [user] = await tx
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
      staffRole: users.staffRole,
    })
    .from(users)
    .where(and(sql`lower(${users.email}) = ${address}`, eq(users.active, true)));
  if (!user) return undefined;
  const actor: Actor = {
    id: user.id,
    name: `${user.firstName} ${user.lastName}`,
    email: user.email,
  };
  return { actor, staff: user.role === 'staff', staffRole: user.staffRole };
}

/**
 * The companies a customer user writes to by mail, in their order; none is `unknown-sender`,
 * only deactivated ones (an admin took them off) `no-active-company`, as in the portal.
 */
async function activeCompaniesOf(tx: Tx, userId: string): Promise<string[] | Unmatched> {
  const memberships = await tx
    .select({ customerId: customerUsers.customerId, active: customerUsers.active })
    .from(customerUsers)
    .where(eq(customerUsers.userId, userId))
    .orderBy(customerUsers.position);
  if (memberships.length === 0) return 'unknown-sender';
  const companies = memberships.filter((m) => m.active).map((m) => m.customerId);
  return companies.length === 0 ? 'no-active-company' : companies;
}

/** Whether the sender opened their hourly allowance of tickets by mail already. */
async function overNewTicketLimit(tx: Tx, address: string): Promise<boolean> {
  const [recent] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(intakeMessages)
    .where(
      and(
        eq(intakeMessages.fromAddress, address),
        eq(intakeMessages.outcome, 'ticket'),
        gt(intakeMessages.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return (recent?.count ?? 0) >= NEW_TICKETS_PER_SENDER_HOUR;
}

/** A ticket opened from a mail (by intake, or by an agent placing an unmatched one). */
export const mailTicketInput = (
  config: IntakeConfig,
  mail: { subject: string; text: string },
): NewTicket => ({
  subject: (mail.subject || '(no subject)').slice(0, MAX_SUBJECT),
  description: (mail.text || '(no text)').slice(0, MAX_TEXT),
  priority: 'normal',
  category: config.intakeCategory,
  department: config.intakeDepartment,
  private: false,
});

/**
 * A staff address's mail speaks for the desk to customers, so `From:` and a `[TK-…]` subject
 * are not enough (review N7): it must answer this ticket's desk mail (its reply address, which
 * only the desk received), and where the receiving server checked the sender, DMARC (or an
 * aligned DKIM signature) must have passed.
 */
const staffMailProven = (config: IntakeConfig, mail: IncomingMail, ticketId: string) =>
  answersDeskMail(config, ticketId, mail.recipients) &&
  senderAuthentication(mail.authenticationResults, mail.fromAddress.split('@').pop() ?? '') !==
    'not-pass';

const bodyOf = (mail: IncomingMail) => (mail.text || '(no text)').slice(0, MAX_TEXT);

/** The ticket a mail answers: by its references to our Message-IDs, else `[TK-1042]` in the subject. */
async function answeredTicket(tx: Tx, config: IntakeConfig, mail: IncomingMail) {
  let ticketId = await ticketOfReferences(tx, config, mail.refersTo);
  ticketId ??= /\[(TK-\d+)\]/i.exec(mail.subject)?.[1]?.toUpperCase();
  if (!ticketId) return undefined;
  // A merged ticket's thread root or number answers its survivor (ADR 060).
  ticketId = await survivorOf(tx, ticketId);
  const [ticket] = await tx
    .select({
      id: tickets.id,
      customerId: tickets.customerId,
      status: tickets.status,
      subject: tickets.subject,
    })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  return ticket;
}

/**
 * A user of several companies: of their active ones, the company of their most recent
 * ticket, else their first.
 */
async function latestCompany(tx: Tx, userId: string, companies: string[]): Promise<string> {
  const [latest] = await tx
    .select({ customerId: tickets.customerId })
    .from(tickets)
    .where(and(eq(tickets.createdByUserId, userId), inArray(tickets.customerId, companies)))
    .orderBy(desc(tickets.createdAt))
    .limit(1);
  return latest?.customerId ?? companies[0]!;
}

async function quarantine(tx: Tx, mail: IncomingMail, reason: Unmatched): Promise<IntakeResult> {
  await tx.insert(unmatchedMails).values({
    messageId: mail.messageId,
    fromAddress: mail.fromAddress,
    fromName: mail.fromName,
    subject: mail.subject.slice(0, MAX_SUBJECT),
    text: mail.text.slice(0, MAX_TEXT),
    reason,
  });
  return { outcome: 'unmatched', reason };
}
