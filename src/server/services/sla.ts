// SLA targets and each ticket's clock (docs/decisions/034c-assignment-and-slas.md). The tickets
// service calls in here when a ticket opens, gets its first staff reply, closes or reopens; the
// queue reads the running due date with `runningDue` and its state with `slaOf`.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { slaTargets, ticketSlas } from '../db/schema.ts';
import { addBusinessMinutes, businessMinutesBetween } from '../../shared/business-hours.ts';
import { company } from '../../shared/company.ts';
import {
  AT_RISK_SHARE,
  defaultSlaTargets,
  type SlaTarget,
  type TicketSla,
} from '../../shared/schemas/sla.ts';
import type { ticketPriorities } from '../../shared/schemas/tickets.ts';

type Priority = (typeof ticketPriorities)[number];

const hours = company.businessHours;

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

/** The due dates of a ticket opened at `openedAt` with `target`. */
export function slaClockFor(openedAt: Date, target: SlaTarget) {
  return {
    firstResponseMinutes: target.firstResponseMinutes,
    resolutionMinutes: target.resolutionMinutes,
    firstResponseDueAt: addBusinessMinutes(openedAt, target.firstResponseMinutes, hours),
    resolutionDueAt: addBusinessMinutes(openedAt, target.resolutionMinutes, hours),
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
    .values({ ticketId, ...slaClockFor(openedAt, target) })
    .onConflictDoNothing();
}

/** The first staff reply meets (or misses) the first-response target; later ones change nothing. */
export async function recordFirstResponse(tx: Tx, ticketId: string): Promise<void> {
  await tx
    .update(ticketSlas)
    .set({ firstRespondedAt: sql`now()` })
    .where(and(eq(ticketSlas.ticketId, ticketId), isNull(ticketSlas.firstRespondedAt)));
}

/** A close stops the resolution clock; a reopen starts it again against the same due date. */
export async function recordResolution(tx: Tx, ticketId: string, closed: boolean): Promise<void> {
  await tx
    .update(ticketSlas)
    .set({ resolvedAt: closed ? sql`now()` : null })
    .where(eq(ticketSlas.ticketId, ticketId));
}

/** The due date of the running clock: first response until answered, then resolution; null once closed. */
export const runningDue = sql<Date | null>`(case when ${ticketSlas.resolvedAt} is not null then null when ${ticketSlas.firstRespondedAt} is null then ${ticketSlas.firstResponseDueAt} else ${ticketSlas.resolutionDueAt} end)`;

export interface SlaRow {
  firstResponseMinutes: number | null;
  resolutionMinutes: number | null;
  firstResponseDueAt: Date | null;
  resolutionDueAt: Date | null;
  firstRespondedAt: Date | null;
  resolvedAt: Date | null;
}

/** The running clock as the queue shows it at `now`: time left in business minutes and its state. */
export function slaOf(row: SlaRow, status: string, now: Date): TicketSla {
  if (status === 'closed' || row.resolvedAt || !row.firstResponseDueAt || !row.resolutionDueAt)
    return null;
  const firstResponse = row.firstRespondedAt === null;
  const dueAt = firstResponse ? row.firstResponseDueAt : row.resolutionDueAt;
  const targetMinutes = (firstResponse ? row.firstResponseMinutes : row.resolutionMinutes) ?? 0;
  const minutesLeft = businessMinutesBetween(now, dueAt, hours);
  const state =
    dueAt.getTime() <= now.getTime()
      ? 'breached'
      : minutesLeft < AT_RISK_SHARE * targetMinutes
        ? 'at-risk'
        : 'on-track';
  return {
    clock: firstResponse ? 'first-response' : 'resolution',
    dueAt: dueAt.toISOString(),
    minutesLeft: Math.round(minutesLeft),
    targetMinutes,
    state,
  };
}

/**
 * Each target's outcome for the ticket dialog at `now`: met, missed (done late, or not done and
 * past due: it can no longer be met), or null while it still can be; null before SLAs existed.
 */
export function slaOutcomes(row: SlaRow, now = new Date()) {
  if (!row.firstResponseDueAt || !row.resolutionDueAt) return null;
  const outcome = (due: Date, done: Date | null) => ({
    dueAt: due.toISOString(),
    doneAt: done ? done.toISOString() : null,
    met: done ? done.getTime() <= due.getTime() : due.getTime() <= now.getTime() ? false : null,
  });
  return {
    firstResponse: outcome(row.firstResponseDueAt, row.firstRespondedAt),
    resolution: outcome(row.resolutionDueAt, row.resolvedAt),
  };
}
