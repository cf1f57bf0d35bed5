// SLA targets and each ticket's clock (docs/decisions/035-assignment-and-slas.md). The tickets
// service calls in here when a ticket opens, gets its first staff reply, closes or reopens; the
// queue reads the running clock with the SQL below (no per-row code: a paged list can use it).
import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { closedDays, slaTargets, tickets, ticketSlas } from '../../db/schema.ts';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  localDateOf,
  type BusinessHours,
} from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import {
  AT_RISK_SHARE,
  CLOSED_DAYS_BACK_DAYS,
  defaultSlaTargets,
  type ClosedDay,
  type SlaState,
  type SlaTarget,
  type TicketSla,
} from '../../../shared/schemas/sla.ts';
import type { ticketPriorities } from '../../../shared/schemas/tickets.ts';

type Priority = (typeof ticketPriorities)[number];

/** The first day the clocks read closed days from: older ones can no longer move a clock. */
export const closedDaysFrom = (now = new Date()) =>
  localDateOf(new Date(now.getTime() - CLOSED_DAYS_BACK_DAYS * 86_400_000), company.businessHours);

/** The closed days the clocks read (a year back onwards), by date. */
export function listClosedDays(db: Db | Tx): Promise<ClosedDay[]> {
  return db
    .select({ day: closedDays.day, name: closedDays.name })
    .from(closedDays)
    .where(gte(closedDays.day, closedDaysFrom()))
    .orderBy(closedDays.day);
}

/** The company's hours with its closed days (holidays): the clock every door uses. */
export async function readBusinessHours(db: Db | Tx): Promise<BusinessHours> {
  const rows = await listClosedDays(db);
  return { ...company.businessHours, closedDays: rows.map((r) => r.day) };
}

/** The targets in force: staff's edits over the defaults, in the defaults' order. */
export async function readSlaTargets(db: Db | Tx): Promise<SlaTarget[]> {
  const rows = await db.select().from(slaTargets);
  return defaultSlaTargets.map((d) => {
    const edited = rows.find((r) => r.priority === d.priority);
    return edited
      ? {
          priority: d.priority,
          firstResponseMinutes: edited.firstResponseMinutes,
          resolutionMinutes: edited.resolutionMinutes,
        }
      : { ...d };
  });
}

export async function writeSlaTargets(tx: Tx, targets: SlaTarget[]): Promise<void> {
  for (const t of targets) {
    const values = {
      firstResponseMinutes: t.firstResponseMinutes,
      resolutionMinutes: t.resolutionMinutes,
      updatedAt: sql`now()`,
    };
    await tx
      .insert(slaTargets)
      .values({ priority: t.priority, ...values })
      .onConflictDoUpdate({ target: slaTargets.priority, set: values });
  }
}

type Minutes = Pick<SlaTarget, 'firstResponseMinutes' | 'resolutionMinutes'>;

/**
 * The due dates of a ticket opened at `openedAt` with `target`, on the clock of `hours`; the
 * resolution target counted `pausedMinutes` later (the business time it waited on the customer).
 */
export function slaClockFor(
  openedAt: Date,
  target: Minutes,
  hours: BusinessHours,
  pausedMinutes = 0,
) {
  return {
    firstResponseMinutes: target.firstResponseMinutes,
    resolutionMinutes: target.resolutionMinutes,
    firstResponseDueAt: addBusinessMinutes(openedAt, target.firstResponseMinutes, hours),
    resolutionDueAt: addBusinessMinutes(openedAt, target.resolutionMinutes + pausedMinutes, hours),
    // 80 % of the business time gone = 20 % left: from then on the clock is "at risk".
    firstResponseAtRiskAt: addBusinessMinutes(
      openedAt,
      target.firstResponseMinutes * (1 - AT_RISK_SHARE),
      hours,
    ),
    resolutionAtRiskAt: addBusinessMinutes(
      openedAt,
      target.resolutionMinutes * (1 - AT_RISK_SHARE) + pausedMinutes,
      hours,
    ),
  };
}

/** Starts a new ticket's clock from the targets of its priority now. */
export async function startSlaClock(
  tx: Tx,
  ticketId: string,
  priority: Priority,
  openedAt: Date,
): Promise<void> {
  const target = (await readSlaTargets(tx)).find((t) => t.priority === priority);
  if (!target) return;
  await tx
    .insert(ticketSlas)
    .values({ ticketId, ...slaClockFor(openedAt, target, await readBusinessHours(tx)) })
    .onConflictDoNothing();
}

const RESCHEDULE_BATCH = 1000;

/**
 * A closed day added or removed moves the clocks still running: each is counted again from
 * its ticket's opening with its own target minutes (the promise made stays; the days it runs
 * on change). A target already done (first reply given, ticket closed) keeps its due instant,
 * so a met or missed outcome never flips afterwards. Returns how many clocks were moved.
 */
export async function rescheduleRunningClocks(tx: Tx, hours: BusinessHours): Promise<number> {
  const running = await tx
    .select({
      ticketId: ticketSlas.ticketId,
      openedAt: tickets.createdAt,
      firstResponseMinutes: ticketSlas.firstResponseMinutes,
      resolutionMinutes: ticketSlas.resolutionMinutes,
      pausedMinutes: ticketSlas.pausedMinutes,
      answered: sql<boolean>`${ticketSlas.firstRespondedAt} is not null`,
    })
    .from(ticketSlas)
    .innerJoin(tickets, eq(tickets.id, ticketSlas.ticketId))
    .where(isNull(ticketSlas.resolvedAt));
  for (let i = 0; i < running.length; i += RESCHEDULE_BATCH) {
    const rows = running.slice(i, i + RESCHEDULE_BATCH).map((r) => ({
      ticket_id: r.ticketId,
      answered: r.answered,
      ...slaClockFor(r.openedAt, r, hours, r.pausedMinutes),
    }));
    const v = sql`jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(ticket_id text, answered boolean, "firstResponseDueAt" timestamptz, "resolutionDueAt" timestamptz, "firstResponseAtRiskAt" timestamptz, "resolutionAtRiskAt" timestamptz)`;
    const keepAnswered = (column: SQL, next: SQL) =>
      sql`case when v.answered then ${column} else ${next} end`;
    await tx
      .update(ticketSlas)
      .set({
        firstResponseDueAt: keepAnswered(
          sql`${ticketSlas.firstResponseDueAt}`,
          sql`v."firstResponseDueAt"`,
        ),
        firstResponseAtRiskAt: keepAnswered(
          sql`${ticketSlas.firstResponseAtRiskAt}`,
          sql`v."firstResponseAtRiskAt"`,
        ),
        resolutionDueAt: sql`v."resolutionDueAt"`,
        resolutionAtRiskAt: sql`v."resolutionAtRiskAt"`,
      })
      .from(v)
      .where(sql`${ticketSlas.ticketId} = v.ticket_id`);
  }
  return running.length;
}

/** The first staff reply meets (or misses) the first-response target; later ones change nothing. */
export async function recordFirstResponse(tx: Tx, ticketId: string): Promise<void> {
  await tx
    .update(ticketSlas)
    .set({ firstRespondedAt: sql`now()` })
    .where(and(eq(ticketSlas.ticketId, ticketId), isNull(ticketSlas.firstRespondedAt)));
}

/**
 * Pending pauses the resolution clock (ADR 035 addendum): the ticket waits on the customer. A
 * target already missed stays missed (no pause once due); a closed ticket has no clock to pause.
 */
export async function pauseResolutionClock(tx: Tx, ticketId: string): Promise<void> {
  await tx
    .update(ticketSlas)
    .set({ pausedAt: sql`now()` })
    .where(
      and(
        eq(ticketSlas.ticketId, ticketId),
        isNull(ticketSlas.pausedAt),
        isNull(ticketSlas.resolvedAt),
        sql`${ticketSlas.resolutionDueAt} > now()`,
      ),
    );
}

/**
 * The wait is over (the customer answered, or the ticket left pending): its business minutes
 * are added to the pauses, and the resolution due and at-risk instants move that much later.
 */
export async function resumeResolutionClock(tx: Tx, ticketId: string): Promise<void> {
  const [paused] = await tx
    .select({
      pausedAt: ticketSlas.pausedAt,
      pausedMinutes: ticketSlas.pausedMinutes,
      openedAt: tickets.createdAt,
      firstResponseMinutes: ticketSlas.firstResponseMinutes,
      resolutionMinutes: ticketSlas.resolutionMinutes,
      now: sql<Date>`now()`.mapWith(ticketSlas.pausedAt),
    })
    .from(ticketSlas)
    .innerJoin(tickets, eq(tickets.id, ticketSlas.ticketId))
    .where(eq(ticketSlas.ticketId, ticketId));
  if (!paused?.pausedAt) return;
  const hours = await readBusinessHours(tx);
  const pausedMinutes =
    paused.pausedMinutes + Math.round(businessMinutesBetween(paused.pausedAt, paused.now, hours));
  const clock = slaClockFor(paused.openedAt, paused, hours, pausedMinutes);
  await tx
    .update(ticketSlas)
    .set({
      pausedAt: null,
      pausedMinutes,
      resolutionDueAt: clock.resolutionDueAt,
      resolutionAtRiskAt: clock.resolutionAtRiskAt,
    })
    .where(eq(ticketSlas.ticketId, ticketId));
}

/** A close stops the resolution clock; a reopen starts it again against the same due date. */
export async function recordResolution(tx: Tx, ticketId: string, closed: boolean): Promise<void> {
  await tx
    .update(ticketSlas)
    .set({ resolvedAt: closed ? sql`now()` : null })
    .where(eq(ticketSlas.ticketId, ticketId));
}

// Null without a clock row (the queue's left join: tickets from before SLAs) and once closed.
const running = <T>(firstResponse: SQL, resolution: SQL) =>
  sql<T | null>`(case when ${ticketSlas.ticketId} is null or ${ticketSlas.resolvedAt} is not null then null when ${ticketSlas.firstRespondedAt} is null then ${firstResponse} else ${resolution} end)`;

/** The due instant of the running clock: first response until answered, then resolution; null once closed. */
export const runningDue = running<Date>(
  sql`${ticketSlas.firstResponseDueAt}`,
  sql`${ticketSlas.resolutionDueAt}`,
);
/** The running clock is the resolution target, waiting on the customer. */
const waiting = sql`(${ticketSlas.firstRespondedAt} is not null and ${ticketSlas.pausedAt} is not null)`;
/** The running clock is past due (a paused one is not: its due moves when it runs again). */
export const slaBreached = sql`(${runningDue} <= now() and not ${waiting})`;
/**
 * The order "least time left first": the due instant; paused clocks and tickets without a clock
 * last (never null, so keyset-safe).
 */
export const timeLeftKey = sql<Date>`(case when ${waiting} then 'infinity'::timestamptz else coalesce(${runningDue}, 'infinity'::timestamptz) end)`;
const runningAtRisk = running<Date>(
  sql`${ticketSlas.firstResponseAtRiskAt}`,
  sql`${ticketSlas.resolutionAtRiskAt}`,
);

/**
 * The queue's `sla` field as SQL columns (all null when no clock runs): which target, when
 * due, its minutes and its state at the statement's `now()`. The business time left is the
 * screen's to count from `dueAt` with the shared clock (it ticks there).
 */
export const slaColumns = {
  clock: running<string>(sql`'first-response'`, sql`'resolution'`),
  dueAt: runningDue,
  targetMinutes: running<number>(
    sql`${ticketSlas.firstResponseMinutes}`,
    sql`${ticketSlas.resolutionMinutes}`,
  ),
  pausedAt: running<Date>(sql`null`, sql`${ticketSlas.pausedAt}`),
  state: sql<SlaState | null>`(case when ${runningDue} is null then null when ${waiting} then 'paused' when ${slaBreached} then 'breached' when ${runningAtRisk} <= now() then 'at-risk' else 'on-track' end)`,
};

/** The running clock from `slaColumns`' values; null once closed (or for tickets from before SLAs). */
export function slaFrom(v: {
  clock: string | null;
  dueAt: Date | string | null;
  targetMinutes: number | null;
  pausedAt: Date | string | null;
  state: SlaState | null;
}): TicketSla {
  if (!v.clock || !v.dueAt || v.targetMinutes === null || !v.state) return null;
  return {
    clock: v.clock === 'first-response' ? 'first-response' : 'resolution',
    dueAt: new Date(v.dueAt).toISOString(),
    targetMinutes: v.targetMinutes,
    pausedAt: v.pausedAt ? new Date(v.pausedAt).toISOString() : null,
    state: v.state,
  };
}

export interface SlaRow {
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
  pausedAt: Date | null;
}

/**
 * Each target's outcome for the ticket dialog at `now`: met, missed (done late, or not done and
 * past due: it can no longer be met), or null while it still can be; null before SLAs existed.
 */
export function slaOutcomes(row: SlaRow, now = new Date()) {
  if (!row.firstResponseDueAt || !row.resolutionDueAt) return null;
  const outcome = (due: Date, done: Date | null, paused = false) => ({
    dueAt: due.toISOString(),
    doneAt: done ? done.toISOString() : null,
    met: done
      ? done.getTime() <= due.getTime()
      : !paused && due.getTime() <= now.getTime()
        ? false
        : null,
  });
  return {
    firstResponse: outcome(row.firstResponseDueAt, row.firstRespondedAt),
    // While paused the due instant moves later when the clock runs again: it can still be met.
    resolution: outcome(row.resolutionDueAt, row.resolvedAt, row.pausedAt !== null),
    pausedAt: row.pausedAt ? row.pausedAt.toISOString() : null,
  };
}
