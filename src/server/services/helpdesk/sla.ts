// SLA targets and each ticket's clock (docs/decisions/035-assignment-and-slas.md). The tickets
// service calls in here when a ticket opens, gets its first staff reply, closes or reopens; the
// queue reads the running clock with the SQL below (no per-row code: a paged list can use it).
import { and, eq, gte, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { closedDays, companySlaTargets, slaTargets, tickets, ticketSlas } from '../../db/schema.ts';
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
  type CompanySlaTarget,
  type SlaClockKind,
  type SlaState,
  type SlaTarget,
  type TicketSla,
} from '../../../shared/schemas/sla.ts';
import type { ticketPriorities } from '../../../shared/schemas/tickets.ts';
import { agreementSlaTargetsOn } from '../agreement-sla-targets.ts';

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

/**
 * A company's targets on the day of `at` (ADR 064, ADR 073): per priority, the targets of the
 * active agreement covering that day where it sets them, else the company's own, else the help
 * desk's in force. `at` is a ticket's opening (its clock) or now (the company's SLA card).
 */
export async function readCompanySlaTargets(
  db: Db | Tx,
  customerId: string,
  at = new Date(),
): Promise<CompanySlaTarget[]> {
  const [own, agreement] = await Promise.all([
    db.select().from(companySlaTargets).where(eq(companySlaTargets.customerId, customerId)),
    agreementSlaTargetsOn(db, customerId, at),
  ]);
  return (await readSlaTargets(db)).map((d) => {
    const o = own.find((r) => r.priority === d.priority);
    const mine = o
      ? { firstResponseMinutes: o.firstResponseMinutes, resolutionMinutes: o.resolutionMinutes }
      : null;
    const a = agreement?.targets.find((r) => r.priority === d.priority);
    if (agreement && a)
      return {
        priority: d.priority,
        firstResponseMinutes: a.firstResponseMinutes,
        resolutionMinutes: a.resolutionMinutes,
        source: 'agreement',
        agreementName: agreement.name,
        own: mine,
      };
    return mine
      ? { priority: d.priority, ...mine, source: 'company', own: mine }
      : { ...d, source: 'default', own: null };
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
    // 75 % of the business time gone: from then on the clock is "at risk" (and warned of).
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

/** Starts a new ticket's clock from its company's targets of its priority now. */
export async function startSlaClock(
  tx: Tx,
  ticket: { id: string; customerId: string; priority: Priority; openedAt: Date },
): Promise<void> {
  const { id: ticketId, openedAt } = ticket;
  const target = (await readCompanySlaTargets(tx, ticket.customerId, openedAt)).find(
    (t) => t.priority === ticket.priority,
  );
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
      customerId: tickets.customerId,
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

/**
 * A new priority (issue 38, ADR 059): each target still open is counted again from the
 * ticket's opening with the new priority's minutes in force now (its pauses still added), so
 * raising a ticket can breach it at once, as if it had been raised when opened. A target done
 * (first reply given, ticket closed) or already past due keeps its minutes and due instant: a
 * met target stays met and a breach stays a breach; lowering the priority never erases one.
 */
export async function retargetSlaClock(tx: Tx, ticketId: string, priority: Priority) {
  const [clock] = await tx
    .select({
      openedAt: tickets.createdAt,
      customerId: tickets.customerId,
      firstResponseMinutes: ticketSlas.firstResponseMinutes,
      resolutionMinutes: ticketSlas.resolutionMinutes,
      firstResponseDueAt: ticketSlas.firstResponseDueAt,
      resolutionDueAt: ticketSlas.resolutionDueAt,
      firstRespondedAt: ticketSlas.firstRespondedAt,
      resolvedAt: ticketSlas.resolvedAt,
      pausedAt: ticketSlas.pausedAt,
      pausedMinutes: ticketSlas.pausedMinutes,
      now: sql<Date>`now()`.mapWith(ticketSlas.resolutionDueAt),
    })
    .from(ticketSlas)
    .innerJoin(tickets, eq(tickets.id, ticketSlas.ticketId))
    .where(eq(ticketSlas.ticketId, ticketId));
  // Tickets from before SLAs have no clock to move (ADR 035).
  if (!clock) return;
  // The targets of the ticket's opening day (its agreement's, the company's: ADRs 064, 073), as
  // when the clock started.
  const target = (await readCompanySlaTargets(tx, clock.customerId, clock.openedAt)).find(
    (t) => t.priority === priority,
  );
  if (!target) return;
  const next = slaClockFor(
    clock.openedAt,
    target,
    await readBusinessHours(tx),
    clock.pausedMinutes,
  );
  // A paused resolution clock can still be met: its due instant moves when it runs again.
  const open = (done: Date | null, due: Date, paused = false) =>
    !done && (paused || due > clock.now);
  const changes = {
    ...(open(clock.firstRespondedAt, clock.firstResponseDueAt)
      ? {
          firstResponseMinutes: next.firstResponseMinutes,
          firstResponseDueAt: next.firstResponseDueAt,
          firstResponseAtRiskAt: next.firstResponseAtRiskAt,
        }
      : {}),
    ...(open(clock.resolvedAt, clock.resolutionDueAt, clock.pausedAt !== null)
      ? {
          resolutionMinutes: next.resolutionMinutes,
          resolutionDueAt: next.resolutionDueAt,
          resolutionAtRiskAt: next.resolutionAtRiskAt,
        }
      : {}),
  };
  if (Object.keys(changes).length === 0) return;
  await tx.update(ticketSlas).set(changes).where(eq(ticketSlas.ticketId, ticketId));
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

/** `now` as SQL: the statement's clock, or an instant a sweep or test passes. */
export const sqlInstant = (now?: Date) =>
  now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;

const columnsOf = {
  'first-response': {
    due: sql`${ticketSlas.firstResponseDueAt}`,
    atRisk: sql`${ticketSlas.firstResponseAtRiskAt}`,
    // Done by the first staff reply; a ticket closed unanswered has no clock left either.
    done: sql`(${ticketSlas.firstRespondedAt} is not null or ${ticketSlas.resolvedAt} is not null)`,
    paused: sql`false`,
  },
  resolution: {
    due: sql`${ticketSlas.resolutionDueAt}`,
    atRisk: sql`${ticketSlas.resolutionAtRiskAt}`,
    done: sql`(${ticketSlas.resolvedAt} is not null)`,
    paused: sql`(${ticketSlas.pausedAt} is not null)`,
  },
} as const satisfies Record<SlaClockKind, Record<string, SQL>>;

/** The due instant of one target of the clock row. */
export const targetDue = (clock: SlaClockKind) => columnsOf[clock].due;

/**
 * THE rule of a target's state at `now` (ADR 064), read by the queue's badges and by the sweep
 * that warns: null once done (or without a clock row); `paused` while waiting on the customer;
 * `breached` from its due instant; `at-risk` from its at-risk instant (75 % of its business
 * time gone, paused time excluded: the instants move by the pauses); else `on-track`.
 */
export function targetState(clock: SlaClockKind, now?: Date) {
  const c = columnsOf[clock];
  const at = sqlInstant(now);
  return sql<SlaState | null>`(case when ${ticketSlas.ticketId} is null or ${c.done} then null when ${c.paused} then 'paused' when ${c.due} <= ${at} then 'breached' when ${c.atRisk} <= ${at} then 'at-risk' else 'on-track' end)`;
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
/** The running clock's state at `now`: the state of the target it runs for. */
export const runningState = (now?: Date) =>
  running<SlaState>(targetState('first-response', now), targetState('resolution', now));
/** The running clock is past due (a paused one is not: its due moves when it runs again). */
export const slaBreached = sql`(${runningState()} = 'breached')`;
/**
 * The order "least time left first": the due instant; paused clocks and tickets without a clock
 * last (never null, so keyset-safe).
 */
export const timeLeftKey = sql<Date>`(case when ${waiting} then 'infinity'::timestamptz else coalesce(${runningDue}, 'infinity'::timestamptz) end)`;

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
  state: runningState(),
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
