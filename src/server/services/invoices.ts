// Staff publish and edit a company's invoices (issue 20): a new invoice and a payment show on
// the company's dashboard, and every change is a domain event and an audit line.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { invoices } from '../db/schema.ts';
import { notFound, rethrowUnique } from '../lib/errors.ts';
import type { invoiceInputSchema, StaffInvoice } from '../../shared/schemas/invoices.ts';
import type { Actor } from './actor.ts';
import { recordActivity } from './activity.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { recordInvoiceEvents } from './domain-events.ts';

const DUPLICATE = 'An invoice with this number already exists';
const INVOICE_NOT_FOUND = 'Invoice not found';

type InvoiceRow = typeof invoices.$inferSelect;
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
});

const toRow = (input: InvoiceInput) => ({ ...input, amount: input.amount.toFixed(2) });

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
  try {
    await requireCompany(tx, customerId);
    const [created] = await tx
      .insert(invoices)
      .values({ customerId, ...toRow(input) })
      .returning();
    if (!created) throw new Error('invoice not created');
    await recordActivity(tx, customerId, 'other', `New invoice ${created.number} issued`);
    await recordInvoiceEvents(tx, created, null);
    if (created.status === 'paid') await recordPayment(tx, created);
    await audit(tx, actor, 'invoice.create', created);
    return toStaffInvoice(created);
  } catch (err) {
    return rethrowUnique(err, DUPLICATE);
  }
}

export async function updateInvoice(
  tx: Tx,
  actor: Actor,
  invoiceId: string,
  input: InvoiceInput,
): Promise<StaffInvoice> {
  try {
    const [before] = await tx
      .select({ status: invoices.status })
      .from(invoices)
      .where(eq(invoices.id, invoiceId))
      .for('update')
      .limit(1);
    if (!before) throw notFound(INVOICE_NOT_FOUND);
    const [updated] = await tx
      .update(invoices)
      .set({ ...toRow(input), updatedAt: sql`now()` })
      .where(eq(invoices.id, invoiceId))
      .returning();
    if (!updated) throw notFound(INVOICE_NOT_FOUND);
    await recordInvoiceEvents(tx, updated, before.status);
    if (updated.status === 'paid' && before.status !== 'paid') await recordPayment(tx, updated);
    await audit(tx, actor, 'invoice.update', updated);
    return toStaffInvoice(updated);
  } catch (err) {
    return rethrowUnique(err, DUPLICATE);
  }
}
