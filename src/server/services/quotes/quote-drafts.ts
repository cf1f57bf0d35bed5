// Drafting a quote (ADR 072): only a draft's lines change. The lines are read by the invoice
// drafts' own rule (draftRows), so a quote that saves can always become a draft invoice.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { quoteLines, quoteRequests, quotes } from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type { Quote, QuoteValues } from '../../../shared/schemas/quotes.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { requireCompany } from '../companies.ts';
import { draftRows } from '../invoice-drafts.ts';
import { requireCurrency } from '../invoice-document.ts';
import { lockQuote, readQuote, type QuoteRow } from './quote-document.ts';

export const SENT_NOT_EDITED = 'A sent quote cannot be edited: reopen it as a new version first';

/** Q-20261128-4F2A9C: the day it was drafted and six random hex digits. */
const newNumber = () =>
  `Q-${new Date().toISOString().slice(0, 10).replaceAll('-', '')}-${randomBytes(3).toString('hex').toUpperCase()}`;

function rowsOf(input: QuoteValues, currency: string) {
  const { lines, discountBp, totalMinor } = draftRows(
    { lines: input.lines.map((l) => ({ ...l, projectId: null })), discount: input.discount },
    currency,
  );
  return {
    lines: lines.map(({ projectId: _, agreementId: __, ...l }) => l),
    fields: {
      title: input.title,
      discountBp,
      totalMinor,
      terms: input.terms,
      validUntil: input.validUntil,
      projectName: input.projectName,
      createInvoice: input.createInvoice,
      agreementPlan: input.agreementPlan,
    },
  };
}

export const auditQuote = (
  tx: Tx,
  actor: Actor,
  action: string,
  row: QuoteRow,
  details: Record<string, unknown> = {},
) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'quote',
    entityId: row.id,
    customerId: row.customerId,
    details: { number: row.number, version: row.version, total: row.totalMinor, ...details },
  });

/** A new draft quote in the company's currency; the customer sees nothing until it is sent. */
export async function createQuote(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: QuoteValues,
  leadId: string | null = null,
): Promise<Quote> {
  const company = await requireCompany(tx, customerId);
  requireCurrency(input.currency, company.currency, "company's");
  const { lines, fields } = rowsOf(input, company.currency);
  const [created] = await tx
    .insert(quotes)
    .values({
      customerId,
      number: newNumber(),
      currency: company.currency,
      ...fields,
      leadId,
      createdBy: actor.id,
    })
    .returning();
  if (!created) throw new Error('quote not created');
  await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId: created.id })));
  await auditQuote(tx, actor, 'quote.create', created, leadId ? { leadId } : {});
  return readQuote(tx, created);
}

/** Replaces a draft's fields and lines; a sent or decided quote is refused (409). */
export async function updateQuote(
  tx: Tx,
  actor: Actor,
  quoteId: string,
  input: QuoteValues,
): Promise<Quote> {
  const before = await lockQuote(tx, quoteId);
  if (before.state !== 'draft') throw conflict(SENT_NOT_EDITED);
  requireCurrency(input.currency, before.currency, "quote's");
  const { lines, fields } = rowsOf(input, before.currency);
  const [updated] = await tx
    .update(quotes)
    .set({ ...fields, updatedAt: sql`now()` })
    .where(eq(quotes.id, quoteId))
    .returning();
  if (!updated) throw notFound('Quote not found');
  await tx.delete(quoteLines).where(eq(quoteLines.quoteId, quoteId));
  await tx.insert(quoteLines).values(lines.map((l) => ({ ...l, quoteId })));
  await auditQuote(tx, actor, 'quote.update', updated);
  return readQuote(tx, updated);
}

const DAY_MS = 86_400_000;

/**
 * A lead from the public quote form, made a draft for a chosen company: its service is the
 * title, its details the first line's description (priced by staff before sending), valid for
 * 30 days. The lead is marked contacted.
 */
export async function quoteFromLead(
  tx: Tx,
  actor: Actor,
  leadId: string,
  customerId: string,
): Promise<Quote> {
  const [lead] = await tx
    .select()
    .from(quoteRequests)
    .where(eq(quoteRequests.id, leadId))
    .for('update')
    .limit(1);
  if (!lead) throw notFound('Lead not found');
  const quote = await createQuote(
    tx,
    actor,
    customerId,
    {
      title: lead.service.slice(0, 200),
      discount: 0,
      lines: [{ description: lead.details.slice(0, 500), quantity: 1, unitPrice: 0, taxRate: 0 }],
      terms: '',
      validUntil: new Date(Date.now() + 30 * DAY_MS).toISOString().slice(0, 10),
      projectName: lead.service.slice(0, 200),
      createInvoice: true,
      agreementPlan: null,
    },
    leadId,
  );
  if (lead.status === 'new')
    await tx
      .update(quoteRequests)
      .set({ status: 'in-progress', updatedAt: sql`now()` })
      .where(eq(quoteRequests.id, leadId));
  return quote;
}
