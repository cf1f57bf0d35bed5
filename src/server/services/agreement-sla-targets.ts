// The SLA targets an agreement promises (ADR 073): kept per agreement and priority, read when
// a ticket of its company opens on a day the active agreement covers. At most one active
// agreement of a company with targets covers any day, so which one applies is never a guess.
import { and, asc, desc, eq, exists, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { agreementSlaTargets, agreements, customers } from '../db/schema.ts';
import { conflict } from '../lib/errors.ts';
import { formatDate } from '../../shared/format.ts';
import type { SlaTarget } from '../../shared/schemas/sla.ts';
import { localDateOf } from './helpdesk/schedule-runs.ts';

const hasTargets = (db: Db | Tx) =>
  exists(
    db
      .select({ one: agreementSlaTargets.priority })
      .from(agreementSlaTargets)
      .where(eq(agreementSlaTargets.agreementId, agreements.id)),
  );

/** Each agreement's targets, high to low priority as the enum lists them. */
export async function slaTargetsOf(
  db: Db | Tx,
  agreementIds: readonly string[],
): Promise<Map<string, SlaTarget[]>> {
  const byAgreement = new Map<string, SlaTarget[]>(agreementIds.map((id) => [id, []]));
  if (agreementIds.length === 0) return byAgreement;
  const rows = await db
    .select()
    .from(agreementSlaTargets)
    .where(inArray(agreementSlaTargets.agreementId, [...agreementIds]))
    .orderBy(asc(agreementSlaTargets.priority));
  for (const { agreementId, ...target } of rows) byAgreement.get(agreementId)?.push(target);
  return byAgreement;
}

/** Replaces the agreement's targets with `targets` (none: it sets no targets). */
export async function writeSlaTargets(tx: Tx, agreementId: string, targets: SlaTarget[]) {
  await tx.delete(agreementSlaTargets).where(eq(agreementSlaTargets.agreementId, agreementId));
  if (targets.length)
    await tx.insert(agreementSlaTargets).values(targets.map((t) => ({ agreementId, ...t })));
}

/**
 * The targets of the company's active agreement whose dates hold `at`'s day in its own zone,
 * or null. Zones may differ between a company's agreements, so two with days that do not
 * overlap as dates can still both hold one instant (the day boundary of one zone falls inside
 * the other's last day); then the later start wins, as the newer terms.
 */
export async function agreementSlaTargetsOn(db: Db | Tx, customerId: string, at: Date) {
  const candidates = await db
    .select({
      id: agreements.id,
      name: agreements.name,
      startsOn: agreements.startsOn,
      endsOn: agreements.endsOn,
      timeZone: agreements.timeZone,
    })
    .from(agreements)
    .where(
      and(eq(agreements.customerId, customerId), eq(agreements.status, 'active'), hasTargets(db)),
    )
    .orderBy(desc(agreements.startsOn), desc(agreements.id));
  const covering = candidates.find((a) => {
    const day = localDateOf(at, a.timeZone);
    return a.startsOn <= day && (a.endsOn === null || day <= a.endsOn);
  });
  if (!covering) return null;
  const targets = (await slaTargetsOf(db, [covering.id])).get(covering.id) ?? [];
  return { name: covering.name, targets };
}

export const overlapMessage = (name: string, startsOn: string, endsOn: string | null) =>
  `The agreement "${name}" (${formatDate(startsOn)}${endsOn ? ` to ${formatDate(endsOn)}` : ', open-ended'}) already sets SLA targets on these dates: end it or change its dates first`;

/**
 * Refuses (409) SLA targets on dates another active agreement of the company with targets
 * also covers: a ticket's targets must come from one agreement. The company's row is locked
 * first (`for no key update`: rows naming the company may still be inserted), so two saves
 * racing take turns and the second sees the first.
 */
export async function refuseOverlappingTargets(
  tx: Tx,
  customerId: string,
  range: { startsOn: string; endsOn: string | null; slaTargets: readonly SlaTarget[] },
  exceptId: string | null,
) {
  if (range.slaTargets.length === 0) return;
  await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId))
    .for('no key update');
  const [other] = await tx
    .select({ name: agreements.name, startsOn: agreements.startsOn, endsOn: agreements.endsOn })
    .from(agreements)
    .where(
      and(
        eq(agreements.customerId, customerId),
        eq(agreements.status, 'active'),
        exceptId === null ? undefined : ne(agreements.id, exceptId),
        range.endsOn === null ? undefined : lte(agreements.startsOn, range.endsOn),
        or(isNull(agreements.endsOn), gte(agreements.endsOn, range.startsOn)),
        hasTargets(tx),
      ),
    )
    .orderBy(asc(agreements.startsOn))
    .limit(1);
  if (other) throw conflict(overlapMessage(other.name, other.startsOn, other.endsOn));
}
