import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addBusinessMinutes,
  businessMinutesBetween,
  dateOfDay,
  dayNumberOf,
  describeBusinessHours,
  isBusinessTime,
  type BusinessHours,
} from './business-hours.ts';
import { company } from './company.ts';

const hours: BusinessHours = company.businessHours;
const at = (iso: string) => new Date(iso);
const add = (iso: string, minutes: number) => addBusinessMinutes(at(iso), minutes, hours);

describe('the business-hours clock (Mon-Fri 8 AM-6 PM, America/Chicago)', () => {
  it('is the clock of the hours the site shows', () => {
    expect(describeBusinessHours(hours)).toBe(company.hours);
  });

  it('counts within one working day', () => {
    // Tuesday 2026-11-24 10:00 CST = 16:00Z.
    expect(add('2026-11-24T16:00:00Z', 60)).toEqual(at('2026-11-24T17:00:00Z'));
    // Exactly at closing time, then on into the next morning.
    expect(add('2026-11-24T16:00:00Z', 8 * 60)).toEqual(at('2026-11-25T00:00:00Z'));
    expect(add('2026-11-24T16:00:00Z', 9 * 60)).toEqual(at('2026-11-25T15:00:00Z'));
  });

  it('skips the weekend: Friday 5 PM plus 2 hours is Monday 9 AM', () => {
    expect(add('2026-11-27T23:00:00Z', 120)).toEqual(at('2026-11-30T15:00:00Z'));
    expect(
      businessMinutesBetween(at('2026-11-27T23:00:00Z'), at('2026-11-30T15:00:00Z'), hours),
    ).toBe(120);
  });

  it('starts a ticket opened outside business hours at the next opening', () => {
    // Saturday 10 AM -> Monday 9 AM; Tuesday 8 PM -> Wednesday 9 AM; Tuesday 6 AM -> 8:30 AM.
    expect(add('2026-11-28T16:00:00Z', 60)).toEqual(at('2026-11-30T15:00:00Z'));
    expect(add('2026-11-25T02:00:00Z', 60)).toEqual(at('2026-11-25T15:00:00Z'));
    expect(add('2026-11-24T12:00:00Z', 30)).toEqual(at('2026-11-24T14:30:00Z'));
    // Nothing of a weekend counts.
    expect(
      businessMinutesBetween(at('2026-11-28T00:00:00Z'), at('2026-11-30T14:00:00Z'), hours),
    ).toBe(0);
  });

  it('crosses a month end', () => {
    // Monday 30 November 4 PM + 4 h = Tuesday 1 December 10 AM.
    expect(add('2026-11-30T22:00:00Z', 240)).toEqual(at('2026-12-01T16:00:00Z'));
    // Tuesday 30 June 5 PM CDT + 4 h = Wednesday 1 July 11 AM CDT.
    expect(add('2026-06-30T22:00:00Z', 240)).toEqual(at('2026-07-01T16:00:00Z'));
  });

  it('keeps wall-clock hours across daylight-saving changes', () => {
    // Fall back on Sunday 1 November: Friday 30 October 5 PM CDT + 4 h = Monday 11 AM CST.
    expect(add('2026-10-30T22:00:00Z', 240)).toEqual(at('2026-11-02T17:00:00Z'));
    expect(
      businessMinutesBetween(at('2026-10-30T22:00:00Z'), at('2026-11-02T17:00:00Z'), hours),
    ).toBe(240);
    // Spring forward on Sunday 8 March: Friday 6 March 5 PM CST + 2 h = Monday 9 AM CDT.
    expect(add('2026-03-06T23:00:00Z', 120)).toEqual(at('2026-03-09T14:00:00Z'));
  });

  it('runs a 72-hour target over more than a week', () => {
    // Monday 23 November 8 AM + 72 h: seven full days (70 h), then 2 h on Wednesday 2 December.
    expect(add('2026-11-23T14:00:00Z', 72 * 60)).toEqual(at('2026-12-02T16:00:00Z'));
  });

  it('is negative when the end is earlier (time past a due date)', () => {
    expect(
      businessMinutesBetween(at('2026-11-30T15:00:00Z'), at('2026-11-27T23:00:00Z'), hours),
    ).toBe(-120);
  });

  const instant = fc
    .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()));
  const minutes = fc.integer({ min: 1, max: 200 * 60 });

  it('adds exactly the business time it is asked for (property)', () => {
    fc.assert(
      fc.property(instant, minutes, (start, m) => {
        const due = addBusinessMinutes(start, m, hours);
        expect(due.getTime()).toBeGreaterThan(start.getTime());
        expect(Math.abs(businessMinutesBetween(start, due, hours) - m)).toBeLessThan(1e-6);
        // The due instant is in hours, or exactly at a closing time.
        const justBefore = new Date(due.getTime() - 1);
        expect(isBusinessTime(justBefore, hours)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('adds up over consecutive spans and never exceeds the wall-clock span (property)', () => {
    fc.assert(
      fc.property(fc.array(instant, { minLength: 3, maxLength: 3 }), (dates) => {
        const [a, b, c] = dates.sort((x, y) => x.getTime() - y.getTime()) as [Date, Date, Date];
        const ab = businessMinutesBetween(a, b, hours);
        const bc = businessMinutesBetween(b, c, hours);
        expect(businessMinutesBetween(a, c, hours)).toBeCloseTo(ab + bc, 6);
        expect(ab).toBeGreaterThanOrEqual(0);
        expect(ab).toBeLessThanOrEqual((b.getTime() - a.getTime()) / 60_000);
        expect(businessMinutesBetween(b, a, hours)).toBe(ab === 0 ? 0 : -ab);
      }),
      { numRuns: 200 },
    );
  });

  it('is monotonic in the minutes added (property)', () => {
    fc.assert(
      fc.property(instant, minutes, minutes, (start, m1, m2) => {
        const [lo, hi] = m1 <= m2 ? [m1, m2] : [m2, m1];
        expect(addBusinessMinutes(start, lo, hours).getTime()).toBeLessThanOrEqual(
          addBusinessMinutes(start, hi, hours).getTime(),
        );
      }),
    );
  });
});

describe('closed days (holidays) on the clock', () => {
  // Thanksgiving 2026 and the day after, a Saturday (no working day anyway), a bad date.
  const closed: BusinessHours = {
    ...hours,
    closedDays: ['2026-11-26', '2026-11-27', '2026-11-28', '2026-02-30'],
  };

  it('opens no window on a closed day', () => {
    // Wednesday 25 November 5 PM + 2 h = Monday 30 November 9 AM (Thursday and Friday closed).
    expect(addBusinessMinutes(at('2026-11-25T23:00:00Z'), 120, closed)).toEqual(
      at('2026-11-30T15:00:00Z'),
    );
    expect(isBusinessTime(at('2026-11-26T17:00:00Z'), closed)).toBe(false);
    expect(
      businessMinutesBetween(at('2026-11-25T23:00:00Z'), at('2026-11-30T15:00:00Z'), closed),
    ).toBe(120);
    // A 72-hour target from Monday 23 November 8 AM loses two days: Friday 4 December, 10 AM.
    expect(addBusinessMinutes(at('2026-11-23T14:00:00Z'), 72 * 60, closed)).toEqual(
      at('2026-12-04T16:00:00Z'),
    );
  });

  it('reads only real calendar dates', () => {
    expect(dayNumberOf('2026-11-26')).toBe(Date.UTC(2026, 10, 26) / 86_400_000);
    for (const bad of ['2026-02-30', '2026-13-01', '26-11-26', '2026-11-26T00:00', '']) {
      expect(dayNumberOf(bad), bad).toBeNaN();
    }
  });

  const firstDay = dayNumberOf('2025-01-01');
  const lastDay = dayNumberOf('2029-01-31');
  const closedDays = fc
    .array(fc.integer({ min: firstDay, max: lastDay }), { maxLength: 300 })
    .map((days) => days.map(dateOfDay));
  const instant = fc
    .date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z') })
    .filter((d) => !Number.isNaN(d.getTime()));

  /**
   * An independent count: the time without closed days less what each closed day's window
   * holds of the span. [day 07:00Z, day+1 05:00Z] holds a Chicago day's whole window (8 AM-6 PM
   * is 13:00-00:00Z at most) and nothing of another day's.
   */
  function reference(a: Date, b: Date, days: readonly string[]) {
    let total = businessMinutesBetween(a, b, hours);
    for (const day of new Set(days.map(dayNumberOf))) {
      const from = Math.max(a.getTime(), day * 86_400_000 + 7 * 3_600_000);
      const to = Math.min(b.getTime(), day * 86_400_000 + 29 * 3_600_000);
      if (from < to) total -= businessMinutesBetween(new Date(from), new Date(to), hours);
    }
    return total;
  }

  it('counts what an independent day-by-day count says (property)', () => {
    fc.assert(
      fc.property(closedDays, instant, instant, (days, x, y) => {
        const [a, b] = x <= y ? [x, y] : [y, x];
        const withClosed = { ...hours, closedDays: days };
        expect(businessMinutesBetween(a, b, withClosed)).toBeCloseTo(reference(a, b, days), 6);
      }),
      { numRuns: 300 },
    );
  });

  it('adds exactly the business time it is asked for, never in a closed day (property)', () => {
    fc.assert(
      fc.property(closedDays, instant, fc.integer({ min: 1, max: 200 * 60 }), (days, start, m) => {
        const withClosed = { ...hours, closedDays: days };
        const due = addBusinessMinutes(start, m, withClosed);
        expect(Math.abs(businessMinutesBetween(start, due, withClosed) - m)).toBeLessThan(1e-6);
        expect(isBusinessTime(new Date(due.getTime() - 1), withClosed)).toBe(true);
        // Never earlier than without closed days.
        expect(due.getTime()).toBeGreaterThanOrEqual(addBusinessMinutes(start, m, hours).getTime());
      }),
      { numRuns: 300 },
    );
  });
});
