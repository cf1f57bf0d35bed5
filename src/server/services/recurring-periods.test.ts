import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { recurringCadences } from '../../shared/schemas/recurring-invoices.ts';
import {
  firstRunOnOrAfter,
  nextRunAfter,
  periodOf,
  runInstant,
  type RecurringPattern,
} from './recurring-periods.ts';

const pattern = (over: Partial<RecurringPattern> = {}): RecurringPattern => ({
  cadence: 'monthly',
  runDay: 31,
  startsOn: '2031-01-01',
  endsOn: null,
  timeZone: 'UTC',
  ...over,
});

/** The run days from the start, `n` of them. */
function runs(p: RecurringPattern, n: number): string[] {
  const out: string[] = [];
  for (let on = firstRunOnOrAfter(p, p.startsOn); on && out.length < n; on = nextRunAfter(p, on))
    out.push(on);
  return out;
}

describe('recurring periods (ADR 068)', () => {
  it('runs the 31st on each month’s last day, leap years included', () => {
    expect(runs(pattern({ startsOn: '2031-12-01' }), 4)).toEqual([
      '2031-12-31',
      '2032-01-31',
      '2032-02-29',
      '2032-03-31',
    ]);
  });

  it('counts quarters and years from the start date’s month', () => {
    expect(runs(pattern({ cadence: 'quarterly', runDay: 15, startsOn: '2031-02-20' }), 3)).toEqual([
      '2031-05-15',
      '2031-08-15',
      '2031-11-15',
    ]);
    expect(runs(pattern({ cadence: 'yearly', runDay: 29, startsOn: '2031-02-01' }), 2)).toEqual([
      '2031-02-28',
      '2032-02-29',
    ]);
  });

  it('stops at the end date', () => {
    expect(runs(pattern({ runDay: 1, endsOn: '2031-03-01' }), 10)).toEqual([
      '2031-01-01',
      '2031-02-01',
      '2031-03-01',
    ]);
  });

  it('bills whole months from the run day’s month: the key of a run', () => {
    expect(periodOf({ cadence: 'monthly' }, '2031-12-31')).toEqual({
      start: '2031-12-01',
      end: '2032-01-01',
    });
    expect(periodOf({ cadence: 'quarterly' }, '2031-11-15')).toEqual({
      start: '2031-11-01',
      end: '2032-02-01',
    });
    expect(periodOf({ cadence: 'yearly' }, '2032-02-29')).toEqual({
      start: '2032-02-01',
      end: '2033-02-01',
    });
  });

  it('is due at local midnight of the run day', () => {
    expect(runInstant('2031-06-01', 'Pacific/Auckland').toISOString()).toBe(
      '2031-05-31T12:00:00.000Z',
    );
    expect(runInstant('2031-06-01', 'America/Los_Angeles').toISOString()).toBe(
      '2031-06-01T07:00:00.000Z',
    );
  });

  it('makes one run per period, in order, on its run day or its month’s last (fast-check)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...recurringCadences),
        fc.integer({ min: 1, max: 31 }),
        fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }),
        (cadence, runDay, start) => {
          const startsOn = start.toISOString().slice(0, 10);
          const list = runs(pattern({ cadence, runDay, startsOn }), 14);
          const step = { monthly: 1, quarterly: 3, yearly: 12 }[cadence];
          expect(list[0]! >= startsOn).toBe(true);
          list.forEach((on, i) => {
            const [y, m, d] = on.split('-').map(Number) as [number, number, number];
            const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
            expect(d).toBe(Math.min(runDay, last));
            if (i > 0) {
              const [py, pm] = list[i - 1]!.split('-').map(Number) as [number, number];
              expect((y - py) * 12 + (m - pm)).toBe(step);
            }
          });
        },
      ),
    );
  });
});
