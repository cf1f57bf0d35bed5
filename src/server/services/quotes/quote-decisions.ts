// The customer's decision on a sent quote (ADR 072). Accepting records the evidence (who, the
// name typed, when, IP, user agent, the SHA-256 of the PDF they were served, the signature) and
// creates what the quote says, all in one transaction with the quote row locked, so a double
// submit accepts once and a refusal records nothing. Either decision puts a notice in the bell of
// the staff who keep quotes (ADR 075).
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quoteSignatures, quotes } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { fromMinor, fromScaled } from '../../../shared/currency.ts';
import {
  QUOTE_CHANGED,
  QUOTE_EXPIRED,
  QUOTE_NOT_FOUND,
  QUOTE_NOT_OPEN,
  QUOTE_PLAN_INVALID,
  quoteExpired,
  type Quote,
  type QuoteAccept,
} from '../../../shared/schemas/quotes.ts';
import { agreementInputSchema } from '../../../shared/schemas/agreements.ts';
import type { Actor } from '../actor.ts';
import { createAgreement } from '../agreements.ts';
import { recordEvent } from '../domain-events.ts';
import { createDraft } from '../invoice-drafts.ts';
import { createProject } from '../projects.ts';
import { noticeBillingStaff } from '../staff-notifications.ts';
import { auditQuote } from './quote-drafts.ts';
import { linesOf, lockQuote, readQuote, type QuoteRow } from './quote-document.ts';
import { signaturePng } from './signature-image.ts';

/** Where the request came from, as Fastify reads it with the app's trustProxy setting. */
export type SignedFrom = { ip: string; userAgent: string };

/** The company's sent quote, locked; 404 for another company's or a draft (never shown). */
async function lockOpen(tx: Tx, customerId: string, quoteId: string): Promise<QuoteRow> {
  const row = await lockQuote(tx, quoteId);
  if (row.customerId !== customerId || row.state === 'draft') throw notFound(QUOTE_NOT_FOUND);
  if (row.state !== 'sent') throw conflict(QUOTE_NOT_OPEN);
  if (quoteExpired(row.validUntil)) throw conflict(QUOTE_EXPIRED);
  return row;
}

const DAY_MS = 86_400_000;

/** What acceptance creates, in the signer's name: the project, then the draft invoice. */
async function createWhatItSays(tx: Tx, actor: Actor, row: QuoteRow) {
  const today = new Date().toISOString().slice(0, 10);
  const projectId = row.projectName
    ? await createProject(tx, actor, row.customerId, {
        name: row.projectName,
        description: `From quote ${row.number}: ${row.title}`,
        status: 'scheduled',
        progress: 0,
        startDate: today,
        estimatedCompletion: null,
        endDate: null,
        projectManager: '',
        notes: '',
      })
    : null;
  const agreementId = await createProposedAgreement(tx, actor, row);
  if (!row.createInvoice) return { projectId, agreementId, invoiceId: null };
  const lines = await linesOf(tx, row.id);
  const invoice = await createDraft(tx, actor, row.customerId, {
    number: `INV-${row.number.slice(2)}`,
    description: `Quote ${row.number}: ${row.title}`,
    issueDate: today,
    dueDate: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
    paymentUrl: null,
    discount: fromScaled(row.discountBp, 2),
    lines: lines.map((l) => ({
      description: l.description,
      quantity: fromScaled(l.quantityMilli, 3),
      unitPrice: fromMinor(l.unitPriceMinor, row.currency),
      taxRate: fromScaled(l.taxRateBp, 2),
      projectId,
      timeEntryIds: [],
    })),
  });
  return { projectId, agreementId, invoiceId: invoice.id };
}

/**
 * The agreement the quote proposes, through the agreements' own command and schema (its
 * checks, its audit `agreement.create` in the signer's name); null when it proposes none.
 */
async function createProposedAgreement(tx: Tx, actor: Actor, row: QuoteRow) {
  if (!row.agreementPlan) return null;
  const plan = agreementInputSchema.safeParse(row.agreementPlan);
  if (!plan.success) throw conflict(QUOTE_PLAN_INVALID);
  return (await createAgreement(tx, actor, row.customerId, plan.data)).id;
}

export async function acceptQuote(
  tx: Tx,
  signer: Actor,
  customerId: string,
  quoteId: string,
  input: QuoteAccept,
  from: SignedFrom,
): Promise<Quote> {
  const png = input.signature.kind === 'drawn' ? await signaturePng(input.signature.png) : null;
  const row = await lockOpen(tx, customerId, quoteId);
  if (row.documentSha256 !== input.documentSha256) throw conflict(QUOTE_CHANGED);
  await tx.insert(quoteSignatures).values({
    quoteId,
    userId: signer.id,
    typedName: input.typedName,
    ip: from.ip,
    userAgent: from.userAgent.slice(0, 1000),
    documentSha256: row.documentSha256,
    signaturePng: png,
  });
  const created = await createWhatItSays(tx, signer, row);
  const [accepted] = await tx
    .update(quotes)
    .set({
      state: 'accepted',
      decidedAt: sql`now()`,
      decidedBy: signer.id,
      createdProjectId: created.projectId,
      createdInvoiceId: created.invoiceId,
      createdAgreementId: created.agreementId,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!accepted) throw new Error('quote not accepted');
  await auditQuote(tx, signer, 'quote.accept', accepted, {
    typedName: input.typedName,
    ip: from.ip,
    documentSha256: row.documentSha256,
  });
  await recordEvent(tx, {
    type: 'quote.accepted',
    customerId,
    entityId: quoteId,
    data: {
      quoteId,
      number: accepted.number,
      version: accepted.version,
      projectId: created.projectId,
      invoiceId: created.invoiceId,
      agreementId: created.agreementId,
      signedBy: input.typedName,
    },
  });
  await noticeBillingStaff(tx, { kind: 'quote-accepted', quoteId });
  return readQuote(tx, accepted);
}

export async function declineQuote(
  tx: Tx,
  actor: Actor,
  customerId: string,
  quoteId: string,
  reason: string,
): Promise<Quote> {
  await lockOpen(tx, customerId, quoteId);
  const [declined] = await tx
    .update(quotes)
    .set({
      state: 'declined',
      declineReason: reason,
      decidedAt: sql`now()`,
      decidedBy: actor.id,
      updatedAt: sql`now()`,
    })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!declined) throw new Error('quote not declined');
  await auditQuote(tx, actor, 'quote.decline', declined, { reason });
  await recordEvent(tx, {
    type: 'quote.declined',
    customerId,
    entityId: quoteId,
    data: {
      quoteId,
      number: declined.number,
      version: declined.version,
      reason,
      declinedBy: actor.name,
    },
  });
  await noticeBillingStaff(tx, { kind: 'quote-declined', quoteId });
  return readQuote(tx, declined);
}
