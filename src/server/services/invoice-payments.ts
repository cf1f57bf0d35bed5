// Money against an issued invoice (issue 39, ADR 066): payments and credit notes, each its own
// row, each taking the balance down; the balance reaching zero makes the invoice paid.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invoiceCreditNotes, invoicePayments, invoices } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { minorExponent, toMinor } from '../../shared/currency.ts';
import {
  hasDecimals,
  type CreditNoteInput,
  type PaymentInput,
  type StaffInvoiceDocument,
} from '../../shared/schemas/invoice-documents.ts';
import type { Actor, Recorder } from './actor.ts';
import { recordActivity } from './activity.ts';
import { recordAudit } from './audit.ts';
import { recordInvoiceEvents } from './domain-events.ts';
import {
  balanceMinor,
  lockInvoice,
  readDocument,
  requireCurrency,
  type InvoiceRow,
} from './invoice-document.ts';

/** The invoice, locked, when money may be put against it; else 409 saying why not. */
async function openInvoice(tx: Tx, invoiceId: string): Promise<InvoiceRow> {
  const row = await lockInvoice(tx, invoiceId);
  if (row.state === 'draft') throw conflict('A draft cannot be paid or credited: issue it first');
  if (row.state === 'void') throw conflict('A void invoice cannot be paid or credited');
  if (row.state === 'paid') throw conflict('The invoice is already paid');
  return row;
}

/** The amount in minor units, when it fits the invoice's currency and balance. */
function amountAgainst(
  row: InvoiceRow,
  amount: number,
  currency: string | undefined,
  what: string,
) {
  requireCurrency(currency, row.currency, "invoice's");
  const exp = minorExponent(row.currency);
  if (!hasDecimals(amount, exp))
    throw badRequest(`Amount must have at most ${exp} decimals in ${row.currency}`);
  const minor = toMinor(amount, row.currency);
  if (minor > balanceMinor(row)) throw badRequest(`${what} is larger than the balance`);
  return minor;
}

/**
 * Takes `minor` off the balance: partly paid, or paid (told as before) when nothing is left.
 * `notify: false` records the paid event without its mail, for a payer mailed a receipt instead.
 */
async function settle(tx: Tx, row: InvoiceRow, minor: number, notify = true): Promise<InvoiceRow> {
  const settledMinor = row.settledMinor + minor;
  const paid = settledMinor === row.totalMinor;
  const [updated] = await tx
    .update(invoices)
    .set({
      settledMinor,
      state: paid ? 'paid' : 'partly-paid',
      ...(paid ? { status: 'paid' as const } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  if (!updated) throw notFound('Invoice not found');
  if (paid) {
    await recordInvoiceEvents(tx, updated, row.status, { notify });
    await recordActivity(tx, row.customerId, 'payment', `Payment received for ${row.number}`);
  }
  return updated;
}

const audit = (tx: Tx, actor: Recorder, action: string, row: InvoiceRow, amountMinor: number) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'invoice',
    entityId: row.id,
    customerId: row.customerId,
    details: { number: row.number, amount: amountMinor, currency: row.currency, state: row.state },
  });

/**
 * A payment received (bank transfer, cheque, card, other); never more than the balance. An
 * online payment's payers get its receipt (stripe-events.ts), not the "Payment received" notice
 * too: `{ receipted: true }` (ADR 067 addendum).
 */
export async function recordPayment(
  tx: Tx,
  actor: Recorder,
  invoiceId: string,
  input: PaymentInput,
  { receipted = false }: { receipted?: boolean } = {},
): Promise<StaffInvoiceDocument> {
  const row = await openInvoice(tx, invoiceId);
  const amountMinor = amountAgainst(row, input.amount, input.currency, 'Payment');
  await tx.insert(invoicePayments).values({
    invoiceId,
    amountMinor,
    method: input.method,
    reference: input.reference ?? '',
    receivedOn: input.receivedOn,
    recordedBy: actor.id,
  });
  const updated = await settle(tx, row, amountMinor, !receipted);
  await audit(tx, actor, 'invoice.payment', updated, amountMinor);
  return readDocument(tx, updated);
}

/** A credit note against the invoice: up to its balance, with the reason the customer is owed it. */
export async function addCreditNote(
  tx: Tx,
  actor: Actor,
  invoiceId: string,
  input: CreditNoteInput,
): Promise<StaffInvoiceDocument> {
  const row = await openInvoice(tx, invoiceId);
  const amountMinor = amountAgainst(row, input.amount, input.currency, 'Credit');
  await tx.insert(invoiceCreditNotes).values({
    invoiceId,
    amountMinor,
    reason: input.reason,
    issuedOn: input.issuedOn,
    createdBy: actor.id,
  });
  const updated = await settle(tx, row, amountMinor);
  await audit(tx, actor, 'invoice.credit', updated, amountMinor);
  return readDocument(tx, updated);
}
