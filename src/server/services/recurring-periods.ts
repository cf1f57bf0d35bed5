// When a recurring invoice runs (ADR 068): pure functions over local calendar days. Periods are
// whole months counted from the start date's month (1, 3 or 12 of them); each runs on its run day
// of the period's first month (the 31st is the last day of a shorter month), at local midnight
// in the schedule's own zone.
import type { RecurringCadence } from '../../shared/schemas/recurring-invoices.ts';
import { instantOfLocal } from './helpdesk/schedule-runs.ts';

export type RecurringPattern = {
  cadence: RecurringCadence;
  runDay: number;
  startsOn: string;
  endsOn: string | null;
  timeZone: string;
};

const monthsPer: Record<RecurringCadence, number> = { monthly: 1, quarterly: 3, yearly: 12 };

/** Months since year 0 of a 'YYYY-MM-DD' day. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The run day of the period starting in month `index`, clamped to that month's last day. */
function runDayIn(index: number, runDay: number): string {
  const year = Math.floor(index / 12);
  const month0 = index % 12;
  const last = new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad(month0 + 1)}-${pad(Math.min(runDay, last))}`;
}

/** The first period's run day on or after `day` (and on or after the start), or null past the end. */
export function firstRunOnOrAfter(p: RecurringPattern, day: string): string | null {
  const from = day > p.startsOn ? day : p.startsOn;
  const step = monthsPer[p.cadence];
  const anchor = monthIndex(p.startsOn);
  let k = Math.floor((monthIndex(from) - anchor) / step);
  let run = runDayIn(anchor + k * step, p.runDay);
  while (run < from) run = runDayIn(anchor + ++k * step, p.runDay);
  return p.endsOn !== null && run > p.endsOn ? null : run;
}

/** The first day of the month `index`. */
const firstOf = (index: number) => `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`;

/**
 * The months the period run on `runOn` bills: [start, end), from the first day of the run's
 * month to the first day of the month after the period. Runs are recorded by it, so a period
 * is billed once whatever the run day, zone, cadence or start date become.
 */
export function periodOf(p: Pick<RecurringPattern, 'cadence'>, runOn: string) {
  const index = monthIndex(runOn);
  return { start: firstOf(index), end: firstOf(index + monthsPer[p.cadence]) };
}

/** `days` after `day` (payment terms). */
export const daysAfter = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The period after the one run on `runOn`, or null once the schedule has ended. */
export const nextRunAfter = (p: RecurringPattern, runOn: string) =>
  firstRunOnOrAfter(p, periodOf(p, runOn).end);

/** The instant a run day begins in the schedule's zone: when the worker may claim it. */
export const runInstant = (runOn: string, timeZone: string) =>
  new Date(instantOfLocal(Date.parse(`${runOn}T00:00:00Z`), timeZone));
