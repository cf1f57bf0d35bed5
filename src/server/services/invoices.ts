// The staff API's older invoice routes (issue 20): one amount, published at once. The screen
// drafts instead (ADR 070); integrations and tests still call these, so they stay, writing new
// rows through the drafts' one writer (insertInvoice). Since invoices are documents (issue 39, ADR 066) this publishes an issued
// invoice of one line, and an edit may only change what an issued invoice may: its status
// (marked paid or overdue by hand) and its payment link. A new invoice and a payment show on
// the company's dashboard, and every change is a domain event and an audit line.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { invoices } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import { fromMinor, minorExponent, toMinor } from '../../shared/currency.ts';
import { QUANTITY_SCALE } from '../../shared/invoice-totals.ts';
import { hasDecimals } from '../../shared/schemas/invoice-documents.ts';
import type { invoiceInputSchema, StaffInvoice } from '../../shared/schemas/invoices.ts';
import type { Actor } from './actor.ts';
import { recordActivity } from './activity.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { recordInvoiceEvents } from './domain-events.ts';
import { balanceMinor, lockInvoice, type InvoiceRow } from './invoice-document.ts';
import { insertInvoice, ISSUED_NOT_EDITED } from './invoice-drafts.ts';
import { ZERO_TOTAL } from './invoice-states.ts';

type InvoiceInput = z.output<typeof invoiceInputSchema>;

const toStaffInvoice = (row: InvoiceRow): StaffInvoice => ({
  id: row.id,
  number: row.number,
  description: row.description,
  amount: Number(row.amount),
  status: row.status,
  issueDate: row.issueDate,
  dueDate: row.dueDate,
  paymentUrl: row.paymentUrl,
  currency: row.currency,
  state: row.state,
  balance: fromMinor(balanceMinor(row), row.currency),
});

/** The amount in the company's minor units; one with more decimals than the currency is refused. */
function totalOf(input: InvoiceInput, currency: string): number {
  const exp = minorExponent(currency);
  if (!hasDecimals(input.amount, exp))
    throw badRequest(`Amount must have at most ${exp} decimals in ${currency}`);
  return toMinor(input.amount, currency);
}

/** True when the edit changes the document itself, not only its status or payment link. */
const changesDocument = (row: InvoiceRow, input: InvoiceInput) =>
  row.number !== input.number ||
  row.description !== input.description ||
  row.totalMinor !== totalOf(input, row.currency) ||
  row.issueDate !== input.issueDate ||
  row.dueDate !== input.dueDate;

const recordPayment = (tx: Tx, row: InvoiceRow) =>
  recordActivity(tx, row.customerId, 'payment', `Payment received for ${row.number}`);

const audit = (tx: Tx, actor: Actor, action: string, row: InvoiceRow) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'invoice',
    entityId: row.id,
    customerId: row.customerId,
    details: { number: row.number, amount: row.amount, status: row.status },
  });

export async function createInvoice(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: InvoiceInput,
): Promise<StaffInvoice> {
  const company = await requireCompany(tx, customerId);
  const totalMinor = totalOf(input, company.currency);
  // The same door as issuing a draft: no bill for nothing (outside attack, ADR 070).
  if (totalMinor === 0) throw badRequest(ZERO_TOTAL);
  // One line of the whole amount, written by the drafts' own writer (one door for new rows).
  const created = await insertInvoice(
    tx,
    {
      customerId,
      number: input.number,
      description: input.description,
      status: input.status,
      issueDate: input.issueDate,
      dueDate: input.dueDate,
      paymentUrl: input.paymentUrl,
      currency: company.currency,
      totalMinor,
      state: input.status === 'paid' ? 'paid' : 'issued',
    },
    [
      {
        position: 1,
        description: input.description,
        quantityMilli: QUANTITY_SCALE,
        unitPriceMinor: totalMinor,
      },
    ],
  );
  await recordActivity(tx, customerId, 'other', `New invoice ${created.number} issued`);
  await recordInvoiceEvents(tx, created, null);
  if (created.status === 'paid') await recordPayment(tx, created);
  await audit(tx, actor, 'invoice.create', created);
  return toStaffInvoice(created);
}

export const SETTLED_STAYS_PAID =
  'This invoice is settled by its payments and credit notes: its status stays paid';

export async function updateInvoice(
  tx: Tx,
  actor: Actor,
  invoiceId: string,
  input: InvoiceInput,
): Promise<StaffInvoice> {
  const before = await lockInvoice(tx, invoiceId);
  if (before.state === 'draft' || before.state === 'void')
    throw conflict(`A ${before.state} invoice is changed with its own commands`);
  if (changesDocument(before, input)) throw conflict(ISSUED_NOT_EDITED);
  // Settled in full by recorded payments and credit notes, it is paid whatever a hand says
  // (outside attack on billing: a card-paid invoice was set back to pending with nothing owed).
  if (input.status !== 'paid' && before.totalMinor > 0 && before.settledMinor >= before.totalMinor)
    throw conflict(SETTLED_STAYS_PAID);
  const [updated] = await tx
    .update(invoices)
    .set({
      status: input.status,
      paymentUrl: input.paymentUrl,
      // Marked paid by hand it is settled; marked unpaid again it is open as its payments say.
      state: input.status === 'paid' ? 'paid' : before.settledMinor > 0 ? 'partly-paid' : 'issued',
      updatedAt: sql`now()`,
    })
    .where(eq(invoices.id, invoiceId))
    .returning();
  if (!updated) throw notFound('Invoice not found');
  await recordInvoiceEvents(tx, updated, before.status);
  if (updated.status === 'paid' && before.status !== 'paid') await recordPayment(tx, updated);
  await audit(tx, actor, 'invoice.update', updated);
  return toStaffInvoice(updated);
}
