// The draw-down rule of an agreement (ADR 071), in whole hundredths of an hour so no float
// drifts: a period's hours included (with rollover), used, left and over. Pure, so one
// property test covers every period and rollover; agreements.ts feeds it the day sums.

export type DrawDownTerms = {
  type: 'retainer' | 'prepaid' | 'time-and-materials';
  startsOn: string;
  endsOn: string | null;
  /** A retainer's per month, a prepaid block's whole; null for time and materials. */
  hoursCenti: number | null;
  rolloverMonths: number;
  rolloverCapCenti: number | null;
};

/** Billable hundredths logged on one day. */
export type DayUse = { day: string; centi: number };

export type PeriodCenti = {
  start: string;
  end: string | null;
  included: number;
  used: number;
  left: number;
  overage: number;
};

/** 2026-11 as a month count, so months add and compare as integers. */
const monthIndex = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const monthStart = (index: number) =>
  `${pad(Math.floor(index / 12), 4)}-${pad((index % 12) + 1)}-01`;
const monthEnd = (index: number) => {
  const year = Math.floor(index / 12);
  const last = new Date(Date.UTC(year, (index % 12) + 1, 0)).getUTCDate();
  return `${pad(year, 4)}-${pad((index % 12) + 1)}-${pad(last)}`;
};

const periodOf = (
  start: string,
  end: string | null,
  included: number,
  used: number,
): PeriodCenti => ({
  start,
  end,
  included,
  used,
  left: Math.max(0, included - used),
  overage: Math.max(0, used - included),
});

/** Usage summed per month index, from the day sums. */
function byMonth(uses: readonly DayUse[]): Map<number, number> {
  const months = new Map<number, number>();
  for (const u of uses) {
    const m = monthIndex(u.day);
    months.set(m, (months.get(m) ?? 0) + u.centi);
  }
  return months;
}

/**
 * A retainer's month `target`: its own hours plus those rolled over. Each month's unused own
 * hours stay usable for `rolloverMonths` months; a month's use draws the oldest rolled-over
 * hours first, then its own. With a cap, a month holds at most that many rolled-over hours
 * (the newest kept: they last longest). The first month counts in full, whatever its start day.
 */
function retainerMonth(
  terms: DrawDownTerms,
  monthly: number,
  uses: readonly DayUse[],
  target: number,
) {
  const usage = byMonth(uses);
  let carried: { expires: number; centi: number }[] = [];
  for (let m = monthIndex(terms.startsOn); ; m++) {
    carried = carried.filter((b) => b.expires >= m);
    if (terms.rolloverCapCenti !== null) {
      let excess = carried.reduce((sum, b) => sum + b.centi, 0) - terms.rolloverCapCenti;
      for (const b of carried) {
        const cut = Math.min(b.centi, Math.max(0, excess));
        b.centi -= cut;
        excess -= cut;
      }
      carried = carried.filter((b) => b.centi > 0);
    }
    const rolled = carried.reduce((sum, b) => sum + b.centi, 0);
    const used = usage.get(m) ?? 0;
    if (m >= target) return periodOf(monthStart(m), monthEnd(m), monthly + rolled, used);
    let need = used;
    for (const b of carried) {
      const take = Math.min(b.centi, need);
      b.centi -= take;
      need -= take;
    }
    carried = carried.filter((b) => b.centi > 0);
    const unused = monthly - Math.min(need, monthly);
    if (terms.rolloverMonths > 0 && unused > 0)
      carried.push({ expires: m + terms.rolloverMonths, centi: unused });
  }
}

/**
 * The period holding `onDay` (the company's today, or a time entry's day): a retainer's or
 * time-and-materials' calendar month (never before the start's), or a prepaid block's whole
 * span. `uses` are the agreement's billable day sums, any days: those outside are ignored.
 */
export function periodHours(
  terms: DrawDownTerms,
  uses: readonly DayUse[],
  onDay: string,
): PeriodCenti {
  if (terms.type === 'prepaid') {
    const inBlock = uses.filter(
      (u) => u.day >= terms.startsOn && (terms.endsOn === null || u.day <= terms.endsOn),
    );
    const used = inBlock.reduce((sum, u) => sum + u.centi, 0);
    return periodOf(terms.startsOn, terms.endsOn, terms.hoursCenti ?? 0, used);
  }
  const target = Math.max(monthIndex(onDay), monthIndex(terms.startsOn));
  if (terms.type === 'time-and-materials') {
    const used = byMonth(uses).get(target) ?? 0;
    // Every hour is billed at the hourly rate: nothing included, nothing over.
    return {
      start: monthStart(target),
      end: monthEnd(target),
      included: 0,
      used,
      left: 0,
      overage: 0,
    };
  }
  return retainerMonth(terms, terms.hoursCenti ?? 0, uses, target);
}

/**
 * The period's burn-down to `today`: hours left at its start, after each day with time, and
 * today (a step line; never below zero). Days outside the period are ignored.
 */
export function burnDown(
  period: PeriodCenti,
  uses: readonly DayUse[],
  today: string,
): { day: string; left: number }[] {
  const last = period.end !== null && period.end < today ? period.end : today;
  const points = [{ day: period.start, left: period.included }];
  let used = 0;
  const days = uses
    .filter((u) => u.day >= period.start && u.day <= last)
    .sort((a, b) => a.day.localeCompare(b.day));
  for (const u of days) {
    used += u.centi;
    const left = Math.max(0, period.included - used);
    const previous = points.at(-1);
    if (previous?.day === u.day) previous.left = left;
    else points.push({ day: u.day, left });
  }
  if (last > period.start && points.at(-1)?.day !== last)
    points.push({ day: last, left: Math.max(0, period.included - used) });
  return points;
}

/** The last day of the month holding `day`. */
export const lastDayOfMonth = (day: string) => monthEnd(monthIndex(day));

/** Hundredths of an hour as hours (0.25 h is 25). */
export const hoursOf = (centi: number) => centi / 100;
