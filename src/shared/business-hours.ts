// The business-hours clock of the SLA targets (docs/decisions/035-assignment-and-slas.md):
// pure functions over instants, in the company's own time zone, so a target of "4 business
// hours" means the same on the server, in tests and on the screen. Closed days (holidays) are
// local dates on which no working window opens.
import { isCalendarDay } from './calendar-day.ts';

/** When the company works: weekdays (0 = Sunday) and opening hours in wall-clock minutes. */
export interface BusinessHours {
  timeZone: string;
  days: readonly number[];
  /** Minutes after local midnight, e.g. 480 for 8 AM; `opens < closes`, same day. */
  opens: number;
  closes: number;
  /** Local dates ('YYYY-MM-DD') the company is closed although it is a working weekday. */
  closedDays?: readonly string[];
}

const MINUTE = 60_000;
const DAY = 86_400_000;
const DAY_NAMES = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] as const;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string) {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC (ms) at an instant, read from the platform's time-zone data. */
function readOffset(ms: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const p of formatterFor(timeZone).formatToParts(ms)) {
    if (p.type !== 'literal') parts[p.type] = Number(p.value);
  }
  const local = Date.UTC(
    parts.year ?? 0,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
  return local - Math.floor(ms / 1000) * 1000;
}

/**
 * Offsets per zone and quarter hour: zones change offset on (at least) quarter-hour instants,
 * and a queue of 500 tickets asks about the same few days again and again, so this saves
 * nearly every `formatToParts` call (the slow part). Bounded, then started afresh.
 */
const QUARTER = 15 * MINUTE;
const offsets = new Map<string, Map<number, number>>();
function offsetAt(ms: number, timeZone: string): number {
  let zone = offsets.get(timeZone);
  if (!zone || zone.size > 20_000) {
    zone = new Map();
    offsets.set(timeZone, zone);
  }
  const key = Math.floor(ms / QUARTER);
  let offset = zone.get(key);
  if (offset === undefined) {
    offset = readOffset(key * QUARTER, timeZone);
    zone.set(key, offset);
  }
  return offset;
}

/** The wall-clock reading of an instant in a zone, as if that reading were UTC (ms). */
export const wallClock = (ms: number, timeZone: string) => ms + offsetAt(ms, timeZone);

/** The instant at which the zone's clocks read `local` (a wall-clock reading as UTC ms). */
function instantOf(local: number, timeZone: string): number {
  const first = local - (wallClock(local, timeZone) - local);
  const offset = wallClock(first, timeZone) - first;
  // Near a DST change the first guess may use the other side's offset; the second settles it.
  return local - offset;
}

/** A local calendar day as days since 1970-01-01 (of the wall clock). */
const dayNumber = (localMs: number) => Math.floor(localMs / DAY);

/** A local day number as 'YYYY-MM-DD'. */
export const dateOfDay = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);

/** Whether a local day number falls on one of the working weekdays (closed days aside). */
export const isWorkingWeekday = (day: number, hours: BusinessHours) =>
  hours.days.includes(new Date(day * DAY).getUTCDay());

/** 'YYYY-MM-DD' as a local day number, or NaN when it is no calendar date. */
export function dayNumberOf(date: string): number {
  return isCalendarDay(date) ? Date.parse(`${date}T00:00:00Z`) / DAY : Number.NaN;
}

/** The closed days that fall on working weekdays, as sorted day numbers (kept per list). */
const closedCache = new WeakMap<readonly string[], number[]>();
function closedWorkdays(hours: BusinessHours): number[] {
  const list = hours.closedDays;
  if (!list || list.length === 0) return [];
  let days = closedCache.get(list);
  if (!days) {
    days = [...new Set(list.map(dayNumberOf))]
      .filter((d) => Number.isFinite(d) && isWorkingWeekday(d, hours))
      .sort((a, b) => a - b);
    closedCache.set(list, days);
  }
  return days;
}

/** How many of the sorted `days` are below `day` (binary search). */
function countBelow(days: number[], day: number): number {
  let lo = 0;
  let hi = days.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((days[mid] ?? 0) < day) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const isClosed = (day: number, hours: BusinessHours) => {
  const days = closedWorkdays(hours);
  const i = countBelow(days, day);
  return days[i] === day;
};

/** The working window of a local day, as instants, or null on a day off. */
function windowOf(day: number, hours: BusinessHours): [number, number] | null {
  if (!isWorkingWeekday(day, hours) || isClosed(day, hours)) return null;
  const midnight = day * DAY;
  return [
    instantOf(midnight + hours.opens * MINUTE, hours.timeZone),
    instantOf(midnight + hours.closes * MINUTE, hours.timeZone),
  ];
}

/** Business time in one full week (wall-clock windows do not move with DST). */
const weekMs = (hours: BusinessHours) => hours.days.length * (hours.closes - hours.opens) * MINUTE;

/** Business time in the seven local days from `day`: a full week less its closed workdays. */
function weekFrom(day: number, hours: BusinessHours): number {
  const closed = closedWorkdays(hours);
  const inWeek = closed.length ? countBelow(closed, day + 7) - countBelow(closed, day) : 0;
  return weekMs(hours) - inWeek * (hours.closes - hours.opens) * MINUTE;
}

/** The instant `minutes` of business time after `start` (start itself may be out of hours). */
export function addBusinessMinutes(start: Date, minutes: number, hours: BusinessHours): Date {
  let remaining = minutes * MINUTE;
  const from = start.getTime();
  let day = dayNumber(wallClock(from, hours.timeZone));
  let first = true;
  for (;;) {
    if (!first && weekMs(hours) > 0) {
      for (let week = weekFrom(day, hours); remaining > week; week = weekFrom(day, hours)) {
        remaining -= week;
        day += 7;
      }
    }
    const window = windowOf(day, hours);
    if (window) {
      const begin = Math.max(window[0], from);
      if (begin < window[1]) {
        if (remaining <= window[1] - begin) return new Date(begin + remaining);
        remaining -= window[1] - begin;
      }
    }
    day += 1;
    first = false;
  }
}

/** Business minutes from `from` to `to` (negative when `to` is earlier), fractions included. */
export function businessMinutesBetween(from: Date, to: Date, hours: BusinessHours): number {
  const a = from.getTime();
  const b = to.getTime();
  if (b < a) {
    const ahead = businessMinutesBetween(to, from, hours);
    return ahead === 0 ? 0 : -ahead;
  }
  let total = 0;
  const firstDay = dayNumber(wallClock(a, hours.timeZone));
  const lastDay = dayNumber(wallClock(b, hours.timeZone));
  let day = firstDay;
  while (day <= lastDay) {
    // Whole weeks strictly inside the span count the same every time.
    if (day > firstDay) {
      while (day + 7 < lastDay) {
        total += weekFrom(day, hours);
        day += 7;
      }
    }
    const window = windowOf(day, hours);
    if (window) total += Math.max(0, Math.min(window[1], b) - Math.max(window[0], a));
    day += 1;
  }
  return total / MINUTE;
}

/** The local calendar date ('YYYY-MM-DD') of an instant in the company's zone. */
export function localDateOf(at: Date, hours: BusinessHours): string {
  return dateOfDay(dayNumber(wallClock(at.getTime(), hours.timeZone)));
}

/** Whether an instant falls within the working hours (opening inclusive, closing exclusive). */
export function isBusinessTime(at: Date, hours: BusinessHours): boolean {
  const local = wallClock(at.getTime(), hours.timeZone);
  const window = windowOf(dayNumber(local), hours);
  return !!window && at.getTime() >= window[0] && at.getTime() < window[1];
}

const clockText = (minutes: number) => {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
};

/** "Mon-Fri 8 AM-6 PM": the form `company.hours` is written in (a test keeps them equal). */
export function describeBusinessHours(hours: BusinessHours): string {
  const days = [...hours.days].sort((x, y) => x - y);
  const first = days[0] ?? 0;
  const contiguous = days.every((d, i) => d === first + i);
  const dayText = contiguous
    ? `${DAY_NAMES[first]}-${DAY_NAMES[days.at(-1) ?? 0]}`
    : days.map((d) => DAY_NAMES[d]).join(', ');
  return `${dayText} ${clockText(hours.opens)}-${clockText(hours.closes)}`;
}
