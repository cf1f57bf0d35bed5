import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scheduleFrequencies } from '../../../shared/schemas/scheduled-tickets.ts';
import { firstRunFrom, latestDueRun, nextRunAfter, type SchedulePattern } from './schedule-runs.ts';

const at = (iso: string) => new Date(iso);
const monthly = (monthDay: number | 'last', timeOfDay = '08:00', timeZone = 'UTC') =>
  ({
    frequency: 'monthly',
    weekday: null,
    monthDay,
    quarterMonth: null,
    timeOfDay,
    timeZone,
  }) as const;

/** The runs after `from`, `count` of them. */
function runs(p: SchedulePattern, from: string, count: number): string[] {
  const out: string[] = [];
  let after = at(from);
  for (let i = 0; i < count; i++) {
    after = nextRunAfter(p, after);
    out.push(after.toISOString());
  }
  return out;
}

describe('next run of a schedule (ADR 062)', () => {
  it('runs on the last day of each month: 31, 28 (February), 31, 30', () => {
    expect(runs(monthly('last'), '2027-01-15T00:00:00Z', 4)).toEqual([
      '2027-01-31T08:00:00.000Z',
      '2027-02-28T08:00:00.000Z',
      '2027-03-31T08:00:00.000Z',
      '2027-04-30T08:00:00.000Z',
    ]);
  });

  it('takes February 29th as the last day in a leap year', () => {
    expect(runs(monthly('last'), '2028-02-01T00:00:00Z', 2)).toEqual([
      '2028-02-29T08:00:00.000Z',
      '2028-03-31T08:00:00.000Z',
    ]);
  });

  it('runs on the 28th of every month, February of a leap year too', () => {
    expect(runs(monthly(28), '2028-01-28T08:00:00Z', 2)).toEqual([
      '2028-02-28T08:00:00.000Z',
      '2028-03-28T08:00:00.000Z',
    ]);
  });

  it('runs weekly on its weekday, local time in the zone', () => {
    const p: SchedulePattern = {
      frequency: 'weekly',
      weekday: 1,
      monthDay: null,
      quarterMonth: null,
      timeOfDay: '09:30',
      timeZone: 'America/New_York',
    };
    // Sunday 2027-01-03 late evening in New York is already Monday in UTC.
    expect(runs(p, '2027-01-04T03:00:00Z', 2)).toEqual([
      '2027-01-04T14:30:00.000Z',
      '2027-01-11T14:30:00.000Z',
    ]);
  });

  it('runs quarterly in the chosen month of each quarter', () => {
    const p: SchedulePattern = { ...monthly(15), frequency: 'quarterly', quarterMonth: 2 };
    expect(runs(p, '2027-01-01T00:00:00Z', 4)).toEqual([
      '2027-02-15T08:00:00.000Z',
      '2027-05-15T08:00:00.000Z',
      '2027-08-15T08:00:00.000Z',
      '2027-11-15T08:00:00.000Z',
    ]);
  });

  it('runs quarterly on the last day of the third month: 31 March, 30 June', () => {
    const p: SchedulePattern = { ...monthly('last'), frequency: 'quarterly', quarterMonth: 3 };
    expect(runs(p, '2027-01-01T00:00:00Z', 2)).toEqual([
      '2027-03-31T08:00:00.000Z',
      '2027-06-30T08:00:00.000Z',
    ]);
  });

  describe('daylight saving time', () => {
    it('Europe/Berlin spring forward: 02:30 does not exist and runs at 03:30 CEST', () => {
      // 2027-03-28: clocks go 02:00 CET -> 03:00 CEST (01:00Z).
      const p = monthly(28, '02:30', 'Europe/Berlin');
      expect(runs(p, '2027-02-28T12:00:00Z', 2)).toEqual([
        '2027-03-28T01:30:00.000Z', // 03:30 CEST
        '2027-04-28T00:30:00.000Z', // 02:30 CEST
      ]);
    });

    it('Europe/Berlin fall back: 02:30 happens twice and runs once, the first time (CEST)', () => {
      // 2027-10-31: clocks go 03:00 CEST -> 02:00 CET (01:00Z).
      const p: SchedulePattern = { ...monthly('last', '02:30', 'Europe/Berlin') };
      expect(runs(p, '2027-10-30T12:00:00Z', 2)).toEqual([
        '2027-10-31T00:30:00.000Z', // 02:30 CEST
        '2027-11-30T01:30:00.000Z', // 02:30 CET
      ]);
    });

    it('America/New_York spring forward and fall back, weekly on Sunday at 02:30 and 01:30', () => {
      const sunday = (timeOfDay: string): SchedulePattern => ({
        frequency: 'weekly',
        weekday: 7,
        monthDay: null,
        quarterMonth: null,
        timeOfDay,
        timeZone: 'America/New_York',
      });
      // 2027-03-14: 02:00 EST -> 03:00 EDT; 02:30 runs at 03:30 EDT (07:30Z).
      expect(runs(sunday('02:30'), '2027-03-13T12:00:00Z', 2)).toEqual([
        '2027-03-14T07:30:00.000Z',
        '2027-03-21T06:30:00.000Z',
      ]);
      // 2027-11-07: 02:00 EDT -> 01:00 EST; 01:30 happens twice, runs at the first (EDT).
      expect(runs(sunday('01:30'), '2027-11-06T12:00:00Z', 2)).toEqual([
        '2027-11-07T05:30:00.000Z',
        '2027-11-14T06:30:00.000Z',
      ]);
    });
  });

  it('starts on a given local date, that day included', () => {
    const p = monthly(1, '00:00', 'Europe/Berlin');
    expect(firstRunFrom(p, '2027-06-01').toISOString()).toBe('2027-05-31T22:00:00.000Z');
  });

  it('folds the runs missed during downtime into the latest one', () => {
    const p = monthly(1);
    const latest = latestDueRun(p, at('2027-01-01T08:00:00Z'), at('2027-04-20T00:00:00Z'));
    expect(latest.toISOString()).toBe('2027-04-01T08:00:00.000Z');
    expect(nextRunAfter(p, latest).toISOString()).toBe('2027-05-01T08:00:00.000Z');
  });

  it('always runs in the future and after the previous run, at most a quarter later', () => {
    const zones = [
      'UTC',
      'Europe/Berlin',
      'America/New_York',
      'Australia/Lord_Howe',
      'Asia/Kolkata',
    ];
    const pattern = fc.record({
      frequency: fc.constantFrom(...scheduleFrequencies),
      weekday: fc.integer({ min: 1, max: 7 }),
      monthDay: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constant('last' as const)),
      quarterMonth: fc.integer({ min: 1, max: 3 }),
      timeOfDay: fc
        .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
        .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`),
      timeZone: fc.constantFrom(...zones),
    });
    const instant = fc.date({
      min: at('2024-01-01T00:00:00Z'),
      max: at('2032-12-31T00:00:00Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(pattern, instant, (p, now) => {
        const first = nextRunAfter(p, now);
        const second = nextRunAfter(p, first);
        expect(first.getTime()).toBeGreaterThan(now.getTime());
        expect(second.getTime()).toBeGreaterThan(first.getTime());
        // At most a quarter (and a DST hour) apart.
        expect(second.getTime() - first.getTime()).toBeLessThanOrEqual(93 * 86_400_000);
      }),
      { numRuns: 300 },
    );
  });
});
