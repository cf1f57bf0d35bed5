// When a scheduled ticket runs (ADR 062): pure functions over instants, in the schedule's own
// zone, so a run "on the 1st at 08:00 Europe/Berlin" means the same on every server.
import type { MonthDay, ScheduleFrequency } from '../../../shared/schemas/scheduled-tickets.ts';
import { wallClock } from '../../../shared/business-hours.ts';

export type SchedulePattern = {
  frequency: ScheduleFrequency;
  /** ISO weekday, 1 = Monday (weekly). */
  weekday: number | null;
  /** 1..28 or the month's last day (monthly, quarterly). */
  monthDay: MonthDay | null;
  /** 1..3 within each quarter (quarterly). */
  quarterMonth: number | null;
  /** 'HH:MM', local. */
  timeOfDay: string;
  timeZone: string;
};

const MINUTE = 60_000;
const DAY = 86_400_000;

/** The zone's offset from UTC (ms) at an instant (the business-hours clock's cached reading). */
const offsetAt = (ms: number, timeZone: string) => wallClock(ms, timeZone) - ms;

/**
 * The instant the zone's clocks read `local` (a wall-clock reading as UTC ms). A reading that
 * happens twice (fall back) is its first; one that never happens (spring forward) is moved on
 * by the gap: 02:30 on Europe/Berlin's spring-forward day runs at 03:30 CEST.
 */
export function instantOfLocal(local: number, timeZone: string): number {
  const before = local - offsetAt(local - DAY, timeZone);
  const after = local - offsetAt(local + DAY, timeZone);
  const valid = [before, after].filter((at) => wallClock(at, timeZone) === local);
  if (valid.length > 0) return Math.min(...valid);
  // In the gap: read with the offset before the change, the clock then shows the gap later.
  return before;
}

const daysInMonth = (year: number, month0: number) =>
  new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();

/** Whether the local calendar day (UTC-based date of the wall clock) is a run day. */
function isRunDay(day: Date, p: SchedulePattern): boolean {
  if (p.frequency === 'weekly') return ((day.getUTCDay() + 6) % 7) + 1 === p.weekday;
  if (p.frequency === 'quarterly' && (day.getUTCMonth() % 3) + 1 !== p.quarterMonth) return false;
  const last = daysInMonth(day.getUTCFullYear(), day.getUTCMonth());
  return day.getUTCDate() === (p.monthDay === 'last' ? last : p.monthDay);
}

const minutesOf = (timeOfDay: string) => {
  const [h = 0, m = 0] = timeOfDay.split(':').map(Number);
  return h * 60 + m;
};

/** The first run strictly after `after`. */
export function nextRunAfter(p: SchedulePattern, after: Date): Date {
  const startDay = Math.floor(wallClock(after.getTime(), p.timeZone) / DAY);
  const minutes = minutesOf(p.timeOfDay) * MINUTE;
  // A quarter is at most 92 days; the day before covers a zone ahead of UTC.
  for (let d = startDay - 1; d <= startDay + 370; d++) {
    if (!isRunDay(new Date(d * DAY), p)) continue;
    const at = instantOfLocal(d * DAY + minutes, p.timeZone);
    if (at > after.getTime()) return new Date(at);
  }
  throw new Error('schedule has no run within a year');
}

/** The first run on or after local midnight of `date` ('YYYY-MM-DD') in the schedule's zone. */
export function firstRunFrom(p: SchedulePattern, date: string): Date {
  const midnight = instantOfLocal(Date.parse(`${date}T00:00:00Z`), p.timeZone);
  return nextRunAfter(p, new Date(midnight - 1));
}

/**
 * The latest run due at `now`, starting from the run `due` (at or before `now`): after
 * downtime the missed runs fold into this one (ADR 062: one ticket, not a burst).
 */
export function latestDueRun(p: SchedulePattern, due: Date, now: Date): Date {
  let latest = due;
  for (let next = nextRunAfter(p, latest); next <= now; next = nextRunAfter(p, latest)) {
    latest = next;
  }
  return latest;
}

/** The local date ('YYYY-MM-DD') of an instant in a zone. */
export const localDateOf = (at: Date, timeZone: string) =>
  new Date(wallClock(at.getTime(), timeZone)).toISOString().slice(0, 10);
