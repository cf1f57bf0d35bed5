// One quote as a document (ADR 072): locking it for a command, and reading it back with its
// lines and totals, reckoned by the invoices' one totals module (ADR 066).
import { asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { quoteLines, quoteSignatures, quotes, users } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { fromMinor, fromScaled } from '../../../shared/currency.ts';
import { invoiceTotals, type InvoiceTotals } from '../../../shared/invoice-totals.ts';
import type { AgreementTerms, AgreementValues } from '../../../shared/schemas/agreements.ts';
import { QUOTE_NOT_FOUND, quoteStatus, type Quote } from '../../../shared/schemas/quotes.ts';

export type QuoteRow = typeof quotes.$inferSelect;
export type QuoteLineRow = typeof quoteLines.$inferSelect;
export type SignatureRow = typeof quoteSignatures.$inferSelect;

/** The quote, locked until the command's transaction ends: two decisions never interleave. */
export async function lockQuote(tx: Tx, quoteId: string): Promise<QuoteRow> {
  const [row] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for('update').limit(1);
  if (!row) throw notFound(QUOTE_NOT_FOUND);
  return row;
}

export async function linesOf(db: Db | Tx, quoteId: string): Promise<QuoteLineRow[]> {
  return db
    .select()
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
}

export function quoteTotals(row: QuoteRow, lines: readonly QuoteLineRow[]): InvoiceTotals {
  return invoiceTotals(
    lines.map((l) => ({
      quantity: l.quantityMilli,
      unitPrice: l.unitPriceMinor,
      taxRate: l.taxRateBp,
    })),
    row.discountBp,
  );
}

export async function signatureOf(db: Db | Tx, quoteId: string): Promise<SignatureRow | null> {
  const [row] = await db
    .select()
    .from(quoteSignatures)
    .where(eq(quoteSignatures.quoteId, quoteId))
    .limit(1);
  return row ?? null;
}

/** A stored plan's terms: the fields the screens and the PDF read, nothing else it may hold. */
export const termsOf = (plan: AgreementValues): AgreementTerms => ({
  name: plan.name,
  type: plan.type,
  startsOn: plan.startsOn,
  endsOn: plan.endsOn,
  hours: plan.hours,
  rolloverMonths: plan.rolloverMonths,
  rolloverCap: plan.rolloverCap,
  hourlyRate: plan.hourlyRate,
  overageRate: plan.overageRate,
  timeZone: plan.timeZone,
  services: plan.services,
  slaTargets: plan.slaTargets,
});

/** The quote as the staff and portal APIs return it. */
export async function readQuote(db: Db | Tx, row: QuoteRow, now = new Date()): Promise<Quote> {
  const [lines, signature, sentTo] = await Promise.all([
    linesOf(db, row.id),
    signatureOf(db, row.id),
    row.sentTo
      ? db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, row.sentTo))
          .limit(1)
      : Promise.resolve([]),
  ]);
  const totals = quoteTotals(row, lines);
  const money = (minor: number) => fromMinor(minor, row.currency);
  const person = sentTo[0];
  return {
    id: row.id,
    customerId: row.customerId,
    number: row.number,
    version: row.version,
    title: row.title,
    status: quoteStatus(row.state, row.validUntil, now),
    currency: row.currency,
    lines: lines.map((l, i) => ({
      position: l.position,
      description: l.description,
      quantity: fromScaled(l.quantityMilli, 3),
      unitPrice: money(l.unitPriceMinor),
      taxRate: fromScaled(l.taxRateBp, 2),
      amount: money(totals.lines[i] ?? 0),
    })),
    taxes: totals.taxes.map((g) => ({
      taxRate: fromScaled(g.taxRate, 2),
      net: money(g.net),
      discount: money(g.discount),
      tax: money(g.tax),
    })),
    discountRate: fromScaled(row.discountBp, 2),
    discount: money(totals.discount),
    subtotal: money(totals.subtotal),
    tax: money(totals.tax),
    amount: money(totals.total),
    terms: row.terms,
    validUntil: row.validUntil,
    projectName: row.projectName,
    createInvoice: row.createInvoice,
    agreementPlan: row.agreementPlan && termsOf(row.agreementPlan),
    sentAt: row.sentAt?.toISOString() ?? null,
    sentToName: person ? `${person.firstName} ${person.lastName}`.trim() : null,
    documentSha256: row.documentSha256,
    declineReason: row.declineReason,
    evidence: signature && {
      userId: signature.userId,
      typedName: signature.typedName,
      signedAt: signature.signedAt.toISOString(),
      ip: signature.ip,
      userAgent: signature.userAgent,
      documentSha256: signature.documentSha256,
      signatureKind: signature.signaturePng ? 'drawn' : 'typed',
    },
    createdProjectId: row.createdProjectId,
    createdInvoiceId: row.createdInvoiceId,
    createdAgreementId: row.createdAgreementId,
  };
}
