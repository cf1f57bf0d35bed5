// A company's sites (spec section 5): added and removed by those who may edit them.
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { customers, sites } from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import type { Site, siteSchema } from '../../shared/schemas/sites.ts';

const SITE_NOT_FOUND = 'Site not found';

/** A site as the API answers it. */
export const siteColumns = {
  id: sites.id,
  name: sites.name,
  address: sites.address,
  contactPerson: sites.contactPerson,
  contactEmail: sites.contactEmail,
  contactPhone: sites.contactPhone,
  billing: sites.billing,
};

export async function addSite(
  tx: Tx,
  customerId: string,
  input: z.output<typeof siteSchema>,
): Promise<Site> {
  // A new billing site takes over from the old one (the index allows one per company). The
  // company's row is locked first, so two billing sites added at once take turns instead of
  // the second failing on the index.
  if (input.billing) {
    await tx
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.id, customerId))
      .for('update');
    await tx
      .update(sites)
      .set({ billing: false })
      .where(and(eq(sites.customerId, customerId), eq(sites.billing, true)));
  }
  const [site] = await tx
    .insert(sites)
    .values({ ...input, customerId })
    .returning(siteColumns);
  if (!site) throw new Error('site not inserted');
  return site;
}

/** Removes one of the company's sites; another company's site id answers exactly like a missing one. */
export async function removeSite(tx: Tx, customerId: string, siteId: string): Promise<void> {
  if (!z.uuid().safeParse(siteId).success) throw notFound(SITE_NOT_FOUND);
  const deleted = await tx
    .delete(sites)
    .where(and(eq(sites.id, siteId), eq(sites.customerId, customerId)))
    .returning({ id: sites.id });
  if (deleted.length === 0) throw notFound(SITE_NOT_FOUND);
}
