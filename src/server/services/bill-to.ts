// Whom a billing document is addressed to (ADR 066, the billing site): the company's name,
// then its billing site ("Attn:" its contact, its address, its email) or, without one, the
// company's own address and email. The invoice and the statement both print it.
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import type { customers } from '../db/schema.ts';
import { sites } from '../db/schema.ts';

type Company = Pick<typeof customers.$inferSelect, 'id' | 'name' | 'address' | 'email'>;

export async function billToLines(db: Db | Tx, customer: Company): Promise<string[]> {
  const [billingSite] = await db
    .select()
    .from(sites)
    .where(and(eq(sites.customerId, customer.id), eq(sites.billing, true)))
    .limit(1);
  return billingSite
    ? [
        customer.name,
        `Attn: ${billingSite.contactPerson}`,
        ...splitAddress(billingSite.address),
        billingSite.contactEmail,
      ]
    : [customer.name, ...splitAddress(customer.address), customer.email].filter(
        (l): l is string => !!l,
      );
}

/** An address typed on several lines prints on several lines. */
const splitAddress = (address: string | null): string[] =>
  (address ?? '')
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
