// Issuing and voiding an invoice (issue 39, ADR 066): draft → issued, and anything unpaid →
// void. Each transition is one audited command; an issued invoice is never edited, it is
// voided and a new one issued.
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { invoices } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import type { StaffInvoiceDocument } from '../../shared/schemas/invoice-documents.ts';
import type { Actor } from './actor.ts';
import { recordActivity } from './activity.ts';
import { recordAudit } from './audit.ts';
import { recordInvoiceEvents, recordInvoiceVoided } from './domain-events.ts';
import { lockInvoice, readDocument, type InvoiceRow } from './invoice-document.ts';
import { releaseInvoiceTime } from './invoice-time.ts';
import { releaseOverage } from './agreement-overage.ts';

export const ZERO_TOTAL = 'An invoice with a total of zero cannot be issued';

const audit = (tx: Tx, actor: Actor, action: string, row: InvoiceRow, from: string) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'invoice',
    entityId: row.id,
    customerId: row.customerId,
    details: { number: row.number, from, to: row.state },
  });

async function setState(tx: Tx, invoiceId: string, values: Partial<InvoiceRow>) {
  const [row] = await tx
    .update(invoices)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (!row) throw notFound('Invoice not found');
  return row;
}

/**
 * The draft goes to the customer: listed, mailed (invoice.created) and on the dashboard.
 * `mail: false` lists it without mailing (a recurring schedule set to issue only, ADR 068).
 */
export async function issueInvoice(
  tx: Tx,
  actor: Actor,
  invoiceId: string,
  { mail = true }: { mail?: boolean } = {},
): Promise<StaffInvoiceDocument> {
  const before = await lockInvoice(tx, invoiceId);
  if (before.state !== 'draft') throw conflict('Only a draft can be issued');
  // A bill for nothing is a mistake the customer would be mailed (outside attack).
  if (before.totalMinor === 0) throw badRequest(ZERO_TOTAL);
  const issued = await setState(tx, invoiceId, { state: 'issued', status: 'pending' });
  await recordActivity(tx, issued.customerId, 'other', `New invoice ${issued.number} issued`);
  await recordInvoiceEvents(tx, issued, null, { notify: mail });
  await audit(tx, actor, 'invoice.issue', issued, before.state);
  return readDocument(tx, issued);
}

/**
 * Cancels a draft or an unpaid issued invoice; the customer no longer sees it, and is told
 * (invoice.void) when it had been issued. One with money
 * against it is refused: a credit note takes the rest off instead, so no payment is orphaned.
 */
export async function voidInvoice(
  tx: Tx,
  actor: Actor,
  invoiceId: string,
  reason: string,
): Promise<StaffInvoiceDocument> {
  const before = await lockInvoice(tx, invoiceId);
  if (before.state === 'void') throw conflict('The invoice is already void');
  if (before.state === 'paid' || before.settledMinor > 0)
    throw conflict('An invoice with payments or credits cannot be voided: credit the balance');
  const voided = await setState(tx, invoiceId, { state: 'void', voidReason: reason });
  await releaseInvoiceTime(tx, invoiceId);
  await releaseOverage(tx, invoiceId);
  // The customer was mailed the issued invoice, so is told it is cancelled; a draft they never saw.
  if (before.state !== 'draft') await recordInvoiceVoided(tx, voided);
  await audit(tx, actor, 'invoice.void', voided, before.state);
  return readDocument(tx, voided);
}
