// Test helpers: a company with invoices, payments and credit notes written straight to the
// tables, on the days a statement test needs (the commands refuse days in the future and
// always date a hand-marked payment today). Only tests import this file.
import { eq, sql } from 'drizzle-orm';
import type { InvoiceState } from '../../shared/schemas/invoices.ts';
import type { Db } from '../db/client.ts';
import { customers, invoiceCreditNotes, invoicePayments, invoices } from '../db/schema.ts';

let serial = 0;

export async function newCompany(db: Db, currency = 'USD'): Promise<string> {
  const [row] = await db
    .insert(customers)
    .values({ name: `Statement Co ${++serial}`, currency })
    .returning({ id: customers.id });
  return row!.id;
}

export interface InvoiceSpec {
  total: number;
  issue: string;
  due?: string;
  state?: InvoiceState;
  currency?: string;
  description?: string;
  /** When it was last changed (a hand-marked paid invoice is settled then, at the latest). */
  updatedAt?: string;
}

export async function addInvoice(db: Db, customerId: string, spec: InvoiceSpec) {
  const state = spec.state ?? 'issued';
  const [row] = await db
    .insert(invoices)
    .values({
      customerId,
      number: `ST-${++serial}`,
      description: spec.description ?? `Services ${serial}`,
      totalMinor: spec.total,
      currency: spec.currency ?? 'USD',
      state,
      status: state === 'paid' ? 'paid' : 'pending',
      issueDate: spec.issue,
      dueDate: spec.due ?? spec.issue,
      ...(spec.updatedAt ? { updatedAt: new Date(spec.updatedAt) } : {}),
    })
    .returning();
  return row!;
}

/** Settles `amount` on the invoice (a payment or a credit note), keeping `settled_minor` as the commands do. */
async function settle(db: Db, invoiceId: string, amount: number) {
  await db
    .update(invoices)
    .set({ settledMinor: sql`${invoices.settledMinor} + ${amount}` })
    .where(eq(invoices.id, invoiceId));
}

export async function addPayment(
  db: Db,
  invoiceId: string,
  amount: number,
  day: string,
  reference = '',
) {
  await db.insert(invoicePayments).values({
    invoiceId,
    amountMinor: amount,
    method: 'bank-transfer',
    reference,
    receivedOn: day,
  });
  await settle(db, invoiceId, amount);
}

export async function addCredit(
  db: Db,
  invoiceId: string,
  amount: number,
  day: string,
  reason = 'Goodwill',
) {
  await db.insert(invoiceCreditNotes).values({
    invoiceId,
    amountMinor: amount,
    reason,
    issuedOn: day,
  });
  await settle(db, invoiceId, amount);
}
