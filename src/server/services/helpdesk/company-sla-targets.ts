// A company's own SLA targets (ADR 064): they replace the help desk's per priority for the
// company's new tickets; running clocks keep the promise made when they started.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { companySlaTargets, customers } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import type { CompanySlaTarget, SlaTarget } from '../../../shared/schemas/sla.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { readCompanySlaTargets } from './sla.ts';

export const COMPANY_NOT_FOUND = 'Company not found';

async function requireCompany(db: Db | Tx, customerId: string) {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!row) throw notFound(COMPANY_NOT_FOUND);
}

/** The company's targets in force, each marked as its own or the default; 404 for no company. */
export async function companySlaTargetsOf(db: Db | Tx, customerId: string) {
  await requireCompany(db, customerId);
  return readCompanySlaTargets(db, customerId);
}

/**
 * Sets the company's overrides to `targets` (priorities not given fall back to the default),
 * or clears them all with `null`; audited with what it replaced (a clear of none is no change).
 */
export async function changeCompanySlaTargets(
  tx: Tx,
  actor: Actor,
  customerId: string,
  targets: SlaTarget[] | null,
): Promise<CompanySlaTarget[]> {
  await requireCompany(tx, customerId);
  const before = await readCompanySlaTargets(tx, customerId);
  // Clearing what is not there changes nothing, so it records nothing.
  if (!targets && before.every((t) => t.own === null)) return before;
  await tx.delete(companySlaTargets).where(eq(companySlaTargets.customerId, customerId));
  if (targets?.length)
    await tx.insert(companySlaTargets).values(targets.map((t) => ({ customerId, ...t })));
  const after = await readCompanySlaTargets(tx, customerId);
  await recordAudit(tx, actor, {
    action: targets ? 'company_sla_targets.update' : 'company_sla_targets.delete',
    entityType: 'company_sla_targets',
    entityId: customerId,
    customerId,
    details: { before, after },
  });
  return after;
}
