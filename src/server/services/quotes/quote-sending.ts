// Sending a quote (ADR 072): the PDF is drawn once, stored with its SHA-256, and from then on
// served byte for byte; the quote is frozen. Reopening a sent quote (to change it) drops that
// document, so a customer holding the old hash can no longer accept it.
import { createHash } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customerUsers, quotes, users } from '../../db/schema.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { permissions } from '../../../shared/permissions.ts';
import { QUOTE_NOT_OPEN, quoteExpired, type Quote } from '../../../shared/schemas/quotes.ts';
import type { Actor } from '../actor.ts';
import { refuseOverlappingTargets } from '../agreement-sla-targets.ts';
import { recordEvent } from '../domain-events.ts';
import { enqueueMail } from '../mail-outbox.ts';
import { auditQuote } from './quote-drafts.ts';
import { lockQuote, readQuote } from './quote-document.ts';
import { quoteSentMail } from './quote-mail.tsx';
import { renderQuotePdf } from './quote-pdf.ts';

export const RECIPIENT_REFUSED =
  'Send the quote to an active admin or billing user of its company: only they may sign it';

export const sha256Hex = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Freezes a draft into its document and mails the chosen user a link to it. */
export async function sendQuote(
  tx: Tx,
  actor: Actor,
  quoteId: string,
  userId: string,
  appUrl: string,
): Promise<Quote> {
  const before = await lockQuote(tx, quoteId);
  if (before.state !== 'draft') throw conflict('Only a draft quote can be sent');
  if (quoteExpired(before.validUntil))
    throw badRequest('Valid until has passed: choose a later day');
  const [recipient] = await tx
    .select({ email: users.email })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .where(
      and(
        eq(customerUsers.customerId, before.customerId),
        eq(customerUsers.userId, userId),
        eq(customerUsers.active, true),
        eq(users.active, true),
        inArray(customerUsers.role, [...permissions.quotes]),
      ),
    )
    .limit(1);
  if (!recipient) throw badRequest(RECIPIENT_REFUSED);
  // An agreement it proposes must be one acceptance can create: its SLA dates free (ADR 073).
  if (before.agreementPlan)
    await refuseOverlappingTargets(tx, before.customerId, before.agreementPlan, null);

  const version = before.version + 1;
  const pdf = await renderQuotePdf(tx, { ...before, version });
  const [sent] = await tx
    .update(quotes)
    .set({
      state: 'sent',
      version,
      sentTo: userId,
      sentAt: sql`now()`,
      documentPdf: pdf,
      documentSha256: sha256Hex(pdf),
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!sent) throw new Error('quote not sent');
  await auditQuote(tx, actor, 'quote.send', sent, { to: recipient.email });
  await recordEvent(tx, {
    type: 'quote.sent',
    customerId: sent.customerId,
    entityId: sent.id,
    data: {
      quoteId: sent.id,
      number: sent.number,
      version,
      total: sent.totalMinor,
      currency: sent.currency,
    },
  });
  await enqueueMail(
    tx,
    quoteSentMail({
      appUrl,
      to: recipient.email,
      customerId: sent.customerId,
      quoteId: sent.id,
      number: sent.number,
      title: sent.title,
      validUntil: sent.validUntil,
    }),
  );
  return readQuote(tx, sent);
}

/** A sent, undecided quote back to a draft to change it; the next send is a new version. */
export async function reopenQuote(
  tx: Tx,
  actor: Actor,
  quoteId: string,
  version: number,
): Promise<Quote> {
  const before = await lockQuote(tx, quoteId);
  if (before.state !== 'sent') throw conflict(QUOTE_NOT_OPEN);
  if (before.version !== version)
    throw conflict(`Version ${before.version} was sent since: reload the quote`);
  const [reopened] = await tx
    .update(quotes)
    .set({ state: 'draft', documentPdf: null, documentSha256: null, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!reopened) throw new Error('quote not reopened');
  await auditQuote(tx, actor, 'quote.reopen', reopened);
  return readQuote(tx, reopened);
}
