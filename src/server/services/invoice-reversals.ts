// Money paid and given back (issue 39 item 3, ADR 067): a refund, or a dispute the card holder's
// bank decided against us, raises the balance again and moves the invoice back (paid →
// partly paid or issued); a dispute while open is a flag staff see. Each is audited.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invoicePaymentReversals, invoices, type invoicePayments } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { DisputeState } from '../../shared/schemas/invoice-documents.ts';
import type { Recorder } from './actor.ts';
import { recordActivity } from './activity.ts';
import { recordAudit } from './audit.ts';
import { recordInvoiceEvents } from './domain-events.ts';
import { lockInvoice, type InvoiceRow } from './invoice-document.ts';

type PaymentRow = typeof invoicePayments.$inferSelect;
export type ReversalKind = (typeof invoicePaymentReversals.$inferInsert)['kind'];

const auditOf = (tx: Tx, actor: Recorder, action: string, row: InvoiceRow, details: object) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'invoice',
    entityId: row.id,
    customerId: row.customerId,
    details: { number: row.number, currency: row.currency, state: row.state, ...details },
  });

/** What of the payment has been given back so far, in minor units. */
export async function reversedOf(tx: Tx, paymentId: string, kind?: ReversalKind): Promise<number> {
  const [row] = await tx
    .select({ n: sql<string>`coalesce(sum(${invoicePaymentReversals.amountMinor}), 0)` })
    .from(invoicePaymentReversals)
    .where(
      kind
        ? sql`${invoicePaymentReversals.paymentId} = ${paymentId} and ${invoicePaymentReversals.kind} = ${kind}`
        : eq(invoicePaymentReversals.paymentId, paymentId),
    );
  return Number(row?.n ?? 0);
}

/** Gives `amountMinor` of a payment back: never more than what is left of it. */
export async function reversePayment(
  tx: Tx,
  actor: Recorder,
  payment: PaymentRow,
  input: { kind: ReversalKind; amountMinor: number; reference: string },
): Promise<InvoiceRow> {
  const row = await lockInvoice(tx, payment.invoiceId);
  const left = payment.amountMinor - (await reversedOf(tx, payment.id));
  if (input.amountMinor <= 0 || input.amountMinor > left)
    throw badRequest('A reversal cannot be larger than what is left of the payment');
  await tx.insert(invoicePaymentReversals).values({
    invoiceId: row.id,
    paymentId: payment.id,
    kind: input.kind,
    amountMinor: input.amountMinor,
    reference: input.reference,
  });
  const settledMinor = row.settledMinor - input.amountMinor;
  const [updated] = await tx
    .update(invoices)
    .set({
      settledMinor,
      state: settledMinor === 0 ? 'issued' : 'partly-paid',
      // Owed again: a paid invoice is pending once more (overdue stays staff's call, ADR 066).
      ...(row.status === 'paid' ? { status: 'pending' as const } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, row.id))
    .returning();
  if (!updated) throw notFound('Invoice not found');
  await recordInvoiceEvents(tx, updated, row.status);
  const what = input.kind === 'refund' ? 'Refund' : 'Disputed payment returned';
  await recordActivity(tx, row.customerId, 'payment', `${what} for ${row.number}`);
  await auditOf(
    tx,
    actor,
    `invoice.${input.kind === 'refund' ? 'refund' : 'dispute_lost'}`,
    updated,
    {
      amount: input.amountMinor,
      reference: input.reference,
    },
  );
  return updated;
}

/** A dispute opened, won or lost at the card holder's bank: the invoice's flag, audited. */
export async function markDispute(
  tx: Tx,
  actor: Recorder,
  invoiceId: string,
  dispute: DisputeState,
  reference: string,
): Promise<InvoiceRow> {
  const row = await lockInvoice(tx, invoiceId);
  const [updated] = await tx
    .update(invoices)
    .set({ dispute, updatedAt: sql`now()` })
    .where(eq(invoices.id, row.id))
    .returning();
  if (!updated) throw notFound('Invoice not found');
  await auditOf(tx, actor, 'invoice.dispute', updated, { dispute, reference });
  return updated;
}
