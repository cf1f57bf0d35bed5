// Staff keep a company's agreements (issue 40 item 1, ADR 071): create, change and end, each
// write audited; every reader of hours (staff card, portal card, alerts) goes through
// `agreementPeriod`, the one draw-down rule of agreement-hours.ts over the stored time.
import { and, asc, eq, gt, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { agreements, timeEntries } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { fromMinor, toMinor } from '../../shared/currency.ts';
import {
  AGREEMENT_MESSAGES,
  type Agreement,
  type AgreementPeriod,
  type AgreementValues,
  type PortalAgreementHours,
} from '../../shared/schemas/agreements.ts';
import type { SlaTarget } from '../../shared/schemas/sla.ts';
import type { Actor } from './actor.ts';
import {
  refuseOverlappingTargets,
  slaTargetsOf,
  writeSlaTargets,
} from './agreement-sla-targets.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { localDateOf } from './helpdesk/schedule-runs.ts';
import {
  burnDown,
  hoursOf,
  lastDayOfMonth,
  periodHours,
  type DayUse,
  type PeriodCenti,
} from './agreement-hours.ts';

export type AgreementRow = typeof agreements.$inferSelect;

const centi = (hours: number | null) => (hours === null ? null : Math.round(hours * 100));

const fieldsOf = (input: AgreementValues, currency: string) => ({
  name: input.name,
  type: input.type,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  hoursCenti: input.type === 'time-and-materials' ? null : centi(input.hours),
  // Rollover is a retainer's rule; a block or T&M keeps none.
  rolloverMonths: input.type === 'retainer' ? input.rolloverMonths : 0,
  rolloverCapCenti: input.type === 'retainer' ? centi(input.rolloverCap) : null,
  currency,
  hourlyRateMinor: toMinor(input.hourlyRate, currency),
  overageRateMinor: toMinor(input.overageRate, currency),
  timeZone: input.timeZone,
  services: input.services,
});

/** The agreement's billable hundredths per day up to `through` (all of them with null). */
export async function dayUses(db: Db | Tx, id: string, through: string | null): Promise<DayUse[]> {
  const rows = await db
    .select({
      day: timeEntries.workDate,
      centi: sql<string>`round(sum(${timeEntries.hours}) * 100)`,
    })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.agreementId, id),
        eq(timeEntries.billable, true),
        through === null ? undefined : lte(timeEntries.workDate, through),
      ),
    )
    .groupBy(timeEntries.workDate)
    .orderBy(asc(timeEntries.workDate));
  return rows.map((r) => ({ day: r.day, centi: Number(r.centi) }));
}

/** The agreement's local today: the day its period is read on. */
export const todayOf = (row: AgreementRow, now: Date) => localDateOf(now, row.timeZone);

/** The period holding `onDay`, from the stored time. */
export async function agreementPeriod(db: Db | Tx, row: AgreementRow, onDay: string) {
  // A month's period needs no time after its end; a block's reads all of its own.
  const through =
    row.type === 'prepaid' ? null : lastDayOfMonth(onDay < row.startsOn ? row.startsOn : onDay);
  const uses = await dayUses(db, row.id, through);
  return { period: periodHours(row, uses, onDay), uses };
}

export const shownPeriod = (p: PeriodCenti): AgreementPeriod => ({
  start: p.start,
  end: p.end,
  included: hoursOf(p.included),
  used: hoursOf(p.used),
  left: hoursOf(p.left),
  overage: hoursOf(p.overage),
});

function shown(row: AgreementRow, period: PeriodCenti, slaTargets: SlaTarget[]): Agreement {
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    type: row.type,
    status: row.status,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    hours: row.hoursCenti === null ? null : hoursOf(row.hoursCenti),
    rolloverMonths: row.rolloverMonths,
    rolloverCap: row.rolloverCapCenti === null ? null : hoursOf(row.rolloverCapCenti),
    currency: row.currency,
    hourlyRate: fromMinor(row.hourlyRateMinor, row.currency),
    overageRate: fromMinor(row.overageRateMinor, row.currency),
    timeZone: row.timeZone,
    services: row.services,
    slaTargets,
    period: shownPeriod(period),
  };
}

const withPeriod = async (db: Db | Tx, row: AgreementRow, now: Date) =>
  shown(
    row,
    (await agreementPeriod(db, row, todayOf(row, now))).period,
    (await slaTargetsOf(db, [row.id])).get(row.id) ?? [],
  );

const audit = (
  tx: Tx,
  actor: Actor,
  action: string,
  row: AgreementRow,
  slaTargets?: readonly SlaTarget[],
) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'agreement',
    entityId: row.id,
    customerId: row.customerId,
    details: {
      name: row.name,
      type: row.type,
      status: row.status,
      startsOn: row.startsOn,
      endsOn: row.endsOn,
      hoursCenti: row.hoursCenti,
      ...(slaTargets ? { slaTargets } : {}),
    },
  });

/** The agreements of `ids` in that order (a page's), each with this period and its targets. */
export async function agreementsByIds(
  db: Db | Tx,
  ids: readonly string[],
  now = new Date(),
): Promise<Agreement[]> {
  if (ids.length === 0) return [];
  const [rows, targets] = await Promise.all([
    db
      .select()
      .from(agreements)
      .where(inArray(agreements.id, [...ids])),
    slaTargetsOf(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return Promise.all(
    ids.flatMap((id) => {
      const row = byId.get(id);
      if (!row) return [];
      return [
        agreementPeriod(db, row, todayOf(row, now)).then(({ period }) =>
          shown(row, period, targets.get(id) ?? []),
        ),
      ];
    }),
  );
}

/** The agreement, row-locked: a time entry, an edit and the end wait for each other. */
export async function lockAgreement(tx: Tx, id: string): Promise<AgreementRow> {
  const [row] = await tx.select().from(agreements).where(eq(agreements.id, id)).for('update');
  if (!row) throw notFound(AGREEMENT_MESSAGES.notFound);
  return row;
}

export async function createAgreement(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: AgreementValues,
  now = new Date(),
): Promise<Agreement> {
  const company = await requireCompany(tx, customerId);
  await refuseOverlappingTargets(tx, customerId, input, null);
  const [row] = await tx
    .insert(agreements)
    .values({ customerId, ...fieldsOf(input, company.currency), updatedBy: actor.id })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await writeSlaTargets(tx, row.id, input.slaTargets);
  await audit(tx, actor, 'agreement.create', row, input.slaTargets);
  return withPeriod(tx, row, now);
}

/** Changes the terms of an active agreement; an ended one is closed for good. */
export async function updateAgreement(
  tx: Tx,
  actor: Actor,
  id: string,
  input: AgreementValues,
  now = new Date(),
): Promise<Agreement> {
  const current = await lockAgreement(tx, id);
  if (current.status === 'ended') throw conflict(AGREEMENT_MESSAGES.alreadyEnded);
  // Its entries are of days inside its dates (logTime checks); new dates keep them inside, so
  // every period still counts each of them (ninth outside attack: a later start hid none of
  // them from the hours but refused the same day for a new entry).
  const [outside] = await tx
    .select({ id: timeEntries.id })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.agreementId, id),
        input.endsOn === null
          ? lt(timeEntries.workDate, input.startsOn)
          : or(lt(timeEntries.workDate, input.startsOn), gt(timeEntries.workDate, input.endsOn)),
      ),
    )
    .limit(1);
  if (outside) throw conflict(AGREEMENT_MESSAGES.datesExcludeTime);
  // A type decides how its hours are billed (T&M's through Add Unbilled Time, a retainer's as
  // overage): switching it under logged hours would bill them once each way.
  if (input.type !== current.type) {
    const [logged] = await tx
      .select({ id: timeEntries.id })
      .from(timeEntries)
      .where(eq(timeEntries.agreementId, id))
      .limit(1);
    if (logged) throw conflict(AGREEMENT_MESSAGES.typeFixedByTime);
  }
  await refuseOverlappingTargets(tx, current.customerId, input, id);
  // Rates are re-read in the company's currency of today, as a new agreement's would be.
  const company = await requireCompany(tx, current.customerId);
  const [row] = await tx
    .update(agreements)
    .set({ ...fieldsOf(input, company.currency), updatedBy: actor.id, updatedAt: now })
    .where(eq(agreements.id, id))
    .returning();
  if (!row) throw notFound(AGREEMENT_MESSAGES.notFound);
  await writeSlaTargets(tx, id, input.slaTargets);
  await audit(tx, actor, 'agreement.update', row, input.slaTargets);
  return withPeriod(tx, row, now);
}

/** Ends the agreement: it takes no more time; what was logged stays. */
export async function endAgreement(
  tx: Tx,
  actor: Actor,
  id: string,
  now = new Date(),
): Promise<Agreement> {
  const current = await lockAgreement(tx, id);
  if (current.status === 'ended') throw conflict(AGREEMENT_MESSAGES.alreadyEnded);
  const [row] = await tx
    .update(agreements)
    .set({ status: 'ended', endedAt: now, updatedBy: actor.id, updatedAt: now })
    .where(eq(agreements.id, id))
    .returning();
  if (!row) throw notFound(AGREEMENT_MESSAGES.notFound);
  await audit(tx, actor, 'agreement.end', row);
  return withPeriod(tx, row, now);
}

/** The portal's hours card: the company's active agreements, this period and its burn-down. */
export async function portalAgreementHours(
  db: Db | Tx,
  customerId: string,
  now = new Date(),
): Promise<PortalAgreementHours[]> {
  const rows = await db
    .select()
    .from(agreements)
    .where(and(eq(agreements.customerId, customerId), eq(agreements.status, 'active')))
    .orderBy(asc(agreements.startsOn), asc(agreements.id));
  return Promise.all(
    rows.map(async (row) => {
      const today = todayOf(row, now);
      const { period, uses } = await agreementPeriod(db, row, today);
      return {
        id: row.id,
        name: row.name,
        type: row.type,
        period: shownPeriod(period),
        burnDown: burnDown(period, uses, today).map((p) => ({ day: p.day, left: hoursOf(p.left) })),
      };
    }),
  );
}
