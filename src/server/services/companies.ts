// Staff's companies (issue 20): created, edited and read by the staff door; every other
// company record checks here that its company exists.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { customers } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import type { companySchema } from '../../shared/schemas/staff-customers.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';

export const COMPANY_NOT_FOUND = 'Company not found';

/** The company's name and currency, or 404 when it does not exist. */
export async function requireCompany(
  db: Db | Tx,
  customerId: string,
): Promise<{ name: string; currency: string }> {
  const [row] = await db
    .select({ name: customers.name, currency: customers.currency })
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  return row;
}

// Written out in full: drizzle drops the table prefix on single-table selects, which makes "id" ambiguous here.
const userCount = sql<number>`(select count(*)::int from customer_users cu where cu.customer_id = "customers"."id")`;
const openTickets = sql<number>`(select count(*)::int from tickets t where t.customer_id = "customers"."id" and t.status <> 'closed')`;

const summaryColumns = {
  id: customers.id,
  name: customers.name,
  email: customers.email,
  phone: customers.phone,
  address: customers.address,
  currency: customers.currency,
  userCount,
  openTickets,
};

/** A company as staff's list and page show it: its details, members and open tickets. */
export async function companySummary(db: Db | Tx, customerId: string) {
  const [row] = await db
    .select(summaryColumns)
    .from(customers)
    .where(eq(customers.id, customerId))
    .limit(1);
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  return row;
}

type CompanyInput = z.output<typeof companySchema>;

/** Contact details left out are stored as none. */
const companyRow = (input: CompanyInput) => ({
  name: input.name,
  email: input.email ?? null,
  phone: input.phone ?? null,
  address: input.address ?? null,
});

export async function createCompany(tx: Tx, actor: Actor, input: CompanyInput): Promise<string> {
  const [row] = await tx
    .insert(customers)
    .values(companyRow(input))
    .returning({ id: customers.id });
  if (!row) throw new Error('company not created');
  await recordAudit(tx, actor, {
    action: 'customer.create',
    entityType: 'customer',
    entityId: row.id,
    customerId: row.id,
    details: { name: input.name },
  });
  return row.id;
}

export async function updateCompany(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: CompanyInput,
): Promise<void> {
  const [row] = await tx
    .update(customers)
    .set({ ...companyRow(input), updatedAt: sql`now()` })
    .where(eq(customers.id, customerId))
    .returning({ id: customers.id });
  if (!row) throw notFound(COMPANY_NOT_FOUND);
  await recordAudit(tx, actor, {
    action: 'customer.update',
    entityType: 'customer',
    entityId: customerId,
    customerId,
    details: { ...input },
  });
}
