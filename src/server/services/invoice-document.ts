// One invoice as a document (issue 39, ADR 066): locking it for a command, and reading it back
// with its lines, taxes and balance, reckoned by the one totals module.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import {
  agreements,
  invoiceCreditNotes,
  invoiceLines,
  invoicePaymentReversals,
  invoicePayments,
  invoices,
  projects,
} from '../db/schema.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import { fromMinor, fromScaled } from '../../shared/currency.ts';
import { invoiceTotals, type InvoiceTotals } from '../../shared/invoice-totals.ts';
import type { StaffInvoiceDocument } from '../../shared/schemas/invoice-documents.ts';
import { timeOfLines } from './invoice-time.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
type LineRow = typeof invoiceLines.$inferSelect;

export const INVOICE_NOT_FOUND = 'Invoice not found';

/** The invoice, locked until the command's transaction ends: two commands never interleave. */
export async function lockInvoice(tx: Tx, invoiceId: string): Promise<InvoiceRow> {
  const [row] = await tx
    .select()
    .from(invoices)
    .where(eq(invoices.id, invoiceId))
    .for('update')
    .limit(1);
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return row;
}

/** A paid invoice owes nothing, also one marked paid by hand before payments were recorded; nor does a void one. */
export const balanceMinor = (row: InvoiceRow): number =>
  row.state === 'paid' || row.state === 'void' ? 0 : row.totalMinor - row.settledMinor;

/** A currency check: amounts are never converted, a mismatch is refused. */
export function requireCurrency(given: string | undefined, expected: string, whose: string) {
  if (given !== undefined && given !== expected)
    throw badRequest(`Currency must be ${expected}, the ${whose} currency`);
}

/** The totals of the stored lines; an invoice from before lines (none) is its stored total. */
export function totalsOf(row: InvoiceRow, lines: readonly LineRow[]): InvoiceTotals {
  if (lines.length === 0) {
    const t = row.totalMinor;
    return { lines: [], taxes: [], subtotal: t, discount: 0, tax: 0, total: t };
  }
  return invoiceTotals(
    lines.map((l) => ({
      quantity: l.quantityMilli,
      unitPrice: l.unitPriceMinor,
      taxRate: l.taxRateBp,
    })),
    row.discountBp,
  );
}

/** The sum of an invoice's refunds and returned disputed payments, in minor units. */
async function refundedOf(tx: Db | Tx, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${invoicePaymentReversals.amountMinor}), 0)` })
    .from(invoicePaymentReversals)
    .where(eq(invoicePaymentReversals.invoiceId, invoiceId));
  return Number(row?.n ?? 0);
}

/** The invoice as staff see it; read in a command's transaction or, for the screen, on its own. */
export async function readDocument(tx: Db | Tx, row: InvoiceRow): Promise<StaffInvoiceDocument> {
  const lines = await tx
    .select({ line: invoiceLines, projectName: projects.name, agreementName: agreements.name })
    .from(invoiceLines)
    .leftJoin(projects, eq(projects.id, invoiceLines.projectId))
    .leftJoin(agreements, eq(agreements.id, invoiceLines.agreementId))
    .where(eq(invoiceLines.invoiceId, row.id))
    .orderBy(asc(invoiceLines.position));
  const payments = await tx
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, row.id))
    .orderBy(asc(invoicePayments.receivedOn), asc(invoicePayments.createdAt));
  const creditNotes = await tx
    .select()
    .from(invoiceCreditNotes)
    .where(eq(invoiceCreditNotes.invoiceId, row.id))
    .orderBy(asc(invoiceCreditNotes.issuedOn), asc(invoiceCreditNotes.createdAt));
  const sum = (rows: { amountMinor: number }[]) => rows.reduce((n, r) => n + r.amountMinor, 0);
  const paid = sum(payments);
  const credited = sum(creditNotes);
  const refunded = await refundedOf(tx, row.id);
  const lineTime = await timeOfLines(
    tx,
    lines.map((l) => l.line.id),
  );
  const totals = totalsOf(
    row,
    lines.map((l) => l.line),
  );
  const money = (minor: number) => fromMinor(minor, row.currency);
  const percent = (bp: number) => fromScaled(bp, 2);
  return {
    id: row.id,
    number: row.number,
    description: row.description,
    state: row.state,
    status: row.status,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    paymentUrl: row.paymentUrl,
    lines: lines.map(({ line: l, projectName, agreementName }, i) => ({
      position: l.position,
      description: l.description,
      quantity: fromScaled(l.quantityMilli, 3),
      unitPrice: money(l.unitPriceMinor),
      taxRate: percent(l.taxRateBp),
      amount: money(totals.lines[i] ?? 0),
      projectId: l.projectId,
      projectName,
      agreementId: l.agreementId,
      agreementName,
      timeEntryIds: lineTime.get(l.id) ?? [],
    })),
    taxes: totals.taxes.map((g) => ({
      taxRate: percent(g.taxRate),
      net: money(g.net),
      discount: money(g.discount),
      tax: money(g.tax),
    })),
    discountRate: percent(row.discountBp),
    discount: money(totals.discount),
    subtotal: money(totals.subtotal),
    tax: money(totals.tax),
    amount: money(row.totalMinor),
    paid: money(paid),
    credited: money(credited),
    refunded: money(refunded),
    dispute: row.dispute,
    balance: money(balanceMinor(row)),
    payments: payments.map((p) => ({
      id: p.id,
      amount: money(p.amountMinor),
      method: p.method,
      reference: p.reference,
      receivedOn: p.receivedOn,
    })),
    creditNotes: creditNotes.map((c) => ({
      id: c.id,
      amount: money(c.amountMinor),
      reason: c.reason,
      issuedOn: c.issuedOn,
    })),
    voidReason: row.voidReason,
  };
}

/** The invoice as staff see it (its refunds and dispute flag among it: ADR 067), for the billing screen. */
export async function findDocument(db: Db, invoiceId: string): Promise<StaffInvoiceDocument> {
  const [row] = await db.select().from(invoices).where(eq(invoices.id, invoiceId)).limit(1);
  if (!row) throw notFound(INVOICE_NOT_FOUND);
  return readDocument(db, row);
}
