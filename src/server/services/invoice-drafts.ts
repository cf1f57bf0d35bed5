// Drafting an invoice (issue 39, ADR 066): a draft is the only invoice whose lines change.
// Its total is reckoned here, once, by the shared totals module and stored with the lines.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { agreements, invoiceLines, invoices, projects } from '../db/schema.ts';
import { badRequest, conflict, notFound, rethrowUnique } from '../lib/errors.ts';
import { minorExponent, toMinor, toScaled } from '../../shared/currency.ts';
import { AGREEMENT_MESSAGES } from '../../shared/schemas/agreements.ts';
import { invoiceTotals, TotalTooLarge } from '../../shared/invoice-totals.ts';
import {
  hasDecimals,
  type BilledLineInput,
  type InvoiceDraftInput,
  type StaffInvoiceDocument,
} from '../../shared/schemas/invoice-documents.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { lockInvoice, readDocument, requireCurrency, type InvoiceRow } from './invoice-document.ts';
import { claimLineTime } from './invoice-time.ts';
import { claimOverage, linkOverage, relinkOverage } from './agreement-overage.ts';

export const DUPLICATE_INVOICE = 'An invoice with this number already exists';
export const ISSUED_NOT_EDITED = 'An issued invoice cannot be edited: void it and issue a new one';

/**
 * The draft's lines and total in integers; refuses what the currency or the totals cannot hold.
 * A recurring invoice's template is read by the same rule (ADR 068).
 */
export function draftRows(
  input: { lines: readonly BilledLineInput[]; discount: number },
  currency: string,
) {
  const exp = minorExponent(currency);
  const lines = input.lines.map((l, i) => {
    if (!hasDecimals(l.unitPrice, exp))
      throw badRequest(`Unit price must have at most ${exp} decimals in ${currency}`);
    return {
      position: i + 1,
      description: l.description,
      quantityMilli: toScaled(l.quantity, 3),
      unitPriceMinor: toMinor(l.unitPrice, currency),
      taxRateBp: toScaled(l.taxRate, 2),
      projectId: l.projectId ?? null,
      agreementId: l.agreementId ?? null,
    };
  });
  const discountBp = toScaled(input.discount, 2);
  try {
    const totals = invoiceTotals(
      lines.map((l) => ({
        quantity: l.quantityMilli,
        unitPrice: l.unitPriceMinor,
        taxRate: l.taxRateBp,
      })),
      discountBp,
    );
    return { lines, discountBp, totalMinor: totals.total };
  } catch (err) {
    if (err instanceof TotalTooLarge) throw badRequest('Invoice total is too large');
    throw err;
  }
}

/** A line may name a project, only one of the invoice's own company. */
async function requireOwnProjects(tx: Tx, customerId: string, ids: readonly (string | null)[]) {
  const named = [...new Set(ids.filter((id): id is string => id !== null))];
  if (named.length === 0) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(projects)
    .where(and(eq(projects.customerId, customerId), inArray(projects.id, named)));
  if ((row?.n ?? 0) !== named.length) throw badRequest('Project not found');
}

/**
 * A line may name an agreement of the invoice's company, whatever its status: an ended one is
 * still billed (a final bill). Another company's or an unknown id is 400.
 */
async function requireOwnAgreements(tx: Tx, customerId: string, ids: readonly (string | null)[]) {
  const named = [...new Set(ids.filter((id): id is string => id !== null))];
  if (named.length === 0) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(agreements)
    .where(and(eq(agreements.customerId, customerId), inArray(agreements.id, named)));
  if ((row?.n ?? 0) !== named.length) throw badRequest(AGREEMENT_MESSAGES.notFound);
}

/** The projects and agreements lines name, each of the company (drafts and templates alike). */
export async function requireOwnLinks(
  tx: Tx,
  customerId: string,
  lines: readonly { projectId: string | null; agreementId: string | null }[],
) {
  await requireOwnProjects(
    tx,
    customerId,
    lines.map((l) => l.projectId),
  );
  await requireOwnAgreements(
    tx,
    customerId,
    lines.map((l) => l.agreementId),
  );
}

const invoiceFields = (input: InvoiceDraftInput) => ({
  number: input.number,
  description: input.description,
  issueDate: input.issueDate,
  dueDate: input.dueDate,
  paymentUrl: input.paymentUrl,
});

/** Each line's time entries, in line order. */
const timeOf = (input: InvoiceDraftInput) => input.lines.map((l) => l.timeEntryIds);

const audit = (tx: Tx, actor: Actor, action: string, row: InvoiceRow) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'invoice',
    entityId: row.id,
    customerId: row.customerId,
    details: { number: row.number, total: row.totalMinor, currency: row.currency },
  });

type LineValues = Omit<typeof invoiceLines.$inferInsert, 'invoiceId'>;

/**
 * The one writer of a new invoice and its lines: drafts here, and the older one-amount route
 * (services/invoices.ts) through it too. A number already used is 409.
 */
export async function insertInvoice(
  tx: Tx,
  values: typeof invoices.$inferInsert,
  lines: readonly LineValues[],
): Promise<InvoiceRow> {
  try {
    const [created] = await tx.insert(invoices).values(values).returning();
    if (!created) throw new Error('invoice not created');
    await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId: created.id })));
    return created;
  } catch (err) {
    return rethrowUnique(err, DUPLICATE_INVOICE);
  }
}

/**
 * A new draft in the company's currency; customers see nothing of it until it is issued. With
 * `overageAsOf` (a staff draft, the recurring run; not a quote's) it also bills the company's
 * agreement overage not billed yet, one line per agreement and closed period (ADR 074).
 */
export async function createDraft(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: InvoiceDraftInput,
  { overageAsOf }: { overageAsOf?: Date } = {},
): Promise<StaffInvoiceDocument> {
  const company = await requireCompany(tx, customerId);
  requireCurrency(input.currency, company.currency, "company's");
  const overage = overageAsOf
    ? await claimOverage(
        tx,
        customerId,
        company.currency,
        input.lines[0]?.taxRate ?? 0,
        overageAsOf,
      )
    : [];
  const { lines, discountBp, totalMinor } = draftRows(
    { ...input, lines: [...input.lines, ...overage.map((o) => o.line)] },
    company.currency,
  );
  await requireOwnLinks(tx, customerId, lines);
  const created = await insertInvoice(
    tx,
    {
      customerId,
      ...invoiceFields(input),
      currency: company.currency,
      totalMinor,
      discountBp,
      state: 'draft',
      status: 'pending',
    },
    lines,
  );
  await claimLineTime(tx, customerId, created.id, timeOf(input));
  await linkOverage(tx, created.id, overage, input.lines.length + 1);
  await audit(tx, actor, 'invoice.draft', created);
  return readDocument(tx, created);
}

/** Replaces a draft's fields and lines; an issued or void invoice is refused (409). */
export async function updateDraft(
  tx: Tx,
  actor: Actor,
  invoiceId: string,
  input: InvoiceDraftInput,
): Promise<StaffInvoiceDocument> {
  const before = await lockInvoice(tx, invoiceId);
  if (before.state !== 'draft') throw conflict(ISSUED_NOT_EDITED);
  requireCurrency(input.currency, before.currency, "invoice's");
  const { lines, discountBp, totalMinor } = draftRows(input, before.currency);
  await requireOwnLinks(tx, before.customerId, lines);
  try {
    const [updated] = await tx
      .update(invoices)
      .set({ ...invoiceFields(input), totalMinor, discountBp, updatedAt: sql`now()` })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (!updated) throw notFound('Invoice not found');
    // The old lines go, freeing their hours; the new ones claim theirs again.
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    await tx.insert(invoiceLines).values(lines.map((l) => ({ ...l, invoiceId })));
    await claimLineTime(tx, before.customerId, invoiceId, timeOf(input));
    await relinkOverage(tx, invoiceId);
    await audit(tx, actor, 'invoice.draft_update', updated);
    return await readDocument(tx, updated);
  } catch (err) {
    return rethrowUnique(err, DUPLICATE_INVOICE);
  }
}
