import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { burnDown, periodHours, type DayUse, type DrawDownTerms } from './agreement-hours.ts';

const retainer = (over: Partial<DrawDownTerms> = {}): DrawDownTerms => ({
  type: 'retainer',
  startsOn: '2026-01-15',
  endsOn: null,
  hoursCenti: 2000,
  rolloverMonths: 0,
  rolloverCapCenti: null,
  ...over,
});

/** The 15th of the month `i` months after January 2026. */
const dayOf = (i: number) => {
  const d = new Date(Date.UTC(2026, i, 15));
  return d.toISOString().slice(0, 10);
};

/** Terms and a year of monthly use (some months none, some far over). */
const termsAndUse = fc.record({
  monthly: fc.integer({ min: 1, max: 10_000 }),
  rolloverMonths: fc.integer({ min: 0, max: 12 }),
  cap: fc.option(fc.integer({ min: 1, max: 20_000 }), { nil: null }),
  use: fc.array(fc.integer({ min: 0, max: 15_000 }), { minLength: 1, maxLength: 24 }),
});

const build = (t: {
  monthly: number;
  rolloverMonths: number;
  cap: number | null;
  use: number[];
}) => ({
  terms: retainer({
    hoursCenti: t.monthly,
    rolloverMonths: t.rolloverMonths,
    rolloverCapCenti: t.cap,
  }),
  uses: t.use.map((centi, i): DayUse => ({ day: dayOf(i), centi })),
});

describe('agreement draw-down (ADR 071)', () => {
  it('reads a retainer month: included, used, left and overage', () => {
    const uses = [
      { day: '2026-01-20', centi: 500 },
      { day: '2026-02-03', centi: 2500 },
    ];
    expect(periodHours(retainer(), uses, '2026-01-31')).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
      included: 2000,
      used: 500,
      left: 1500,
      overage: 0,
    });
    expect(periodHours(retainer(), uses, '2026-02-10')).toMatchObject({
      start: '2026-02-01',
      end: '2026-02-28',
      included: 2000,
      left: 0,
      overage: 500,
    });
  });

  it('rolls unused hours over for N months, oldest drawn first, and the cap holds', () => {
    const terms = retainer({ rolloverMonths: 2, rolloverCapCenti: 3000 });
    // January uses 5 of 20 (15 roll), February none (20 roll): March holds 35, capped at 30.
    const uses = [{ day: '2026-01-20', centi: 500 }];
    expect(periodHours(terms, uses, '2026-02-01').included).toBe(3500);
    expect(periodHours(terms, uses, '2026-03-01').included).toBe(5000);
    // April: January's expired; February's 20 h (capped from March's 30) and March's 20.
    expect(periodHours(terms, uses, '2026-04-01').included).toBe(5000);
    expect(periodHours({ ...terms, rolloverMonths: 1 }, uses, '2026-03-01').included).toBe(4000);
  });

  it('draws a prepaid block over its whole span', () => {
    const terms: DrawDownTerms = {
      ...retainer(),
      type: 'prepaid',
      startsOn: '2026-01-01',
      endsOn: '2026-12-31',
      hoursCenti: 4000,
    };
    const uses = [
      { day: '2026-01-02', centi: 1000 },
      { day: '2026-07-02', centi: 3500 },
      { day: '2027-01-02', centi: 900 },
    ];
    expect(periodHours(terms, uses, '2026-08-01')).toEqual({
      start: '2026-01-01',
      end: '2026-12-31',
      included: 4000,
      used: 4500,
      left: 0,
      overage: 500,
    });
  });

  it('holds left - overage = included - used, one of them zero, in every period', () => {
    fc.assert(
      fc.property(termsAndUse, fc.integer({ min: 0, max: 30 }), (t, month) => {
        const { terms, uses } = build(t);
        const p = periodHours(terms, uses, dayOf(month));
        expect(p.left - p.overage).toBe(p.included - p.used);
        expect(Math.min(p.left, p.overage)).toBe(0);
        expect(p.left).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('never includes more than the month plus what the rule lets roll', () => {
    fc.assert(
      fc.property(termsAndUse, fc.integer({ min: 0, max: 30 }), (t, month) => {
        const { terms, uses } = build(t);
        const rolled = periodHours(terms, uses, dayOf(month)).included - t.monthly;
        expect(rolled).toBeGreaterThanOrEqual(0);
        expect(rolled).toBeLessThanOrEqual(t.monthly * Math.min(t.rolloverMonths, month));
        if (t.cap !== null) expect(rolled).toBeLessThanOrEqual(t.cap);
        if (t.rolloverMonths === 0) expect(rolled).toBe(0);
      }),
    );
  });

  it('creates no hours: what the months cover never exceeds what they bought', () => {
    fc.assert(
      fc.property(termsAndUse, (t) => {
        const { terms, uses } = build(t);
        let covered = 0;
        t.use.forEach((_, i) => {
          const p = periodHours(terms, uses, dayOf(i));
          covered += p.used - p.overage;
          expect(covered).toBeLessThanOrEqual(t.monthly * (i + 1));
        });
      }),
    );
  });

  it('never gives a later month more because an earlier one used more', () => {
    fc.assert(
      fc.property(
        termsAndUse,
        fc.nat(),
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 30 }),
        (t, at, extra, month) => {
          const { terms, uses } = build(t);
          const i = at % t.use.length;
          const more = uses.map((u, j) => (j === i ? { ...u, centi: u.centi + extra } : u));
          expect(periodHours(terms, more, dayOf(month)).included).toBeLessThanOrEqual(
            periodHours(terms, uses, dayOf(month)).included,
          );
        },
      ),
    );
  });

  it('keeps every unused hour for N months when nothing is used and there is no cap', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 30 }),
        (monthly, n, month) => {
          const terms = retainer({ hoursCenti: monthly, rolloverMonths: n });
          expect(periodHours(terms, [], dayOf(month)).included).toBe(
            monthly * (1 + Math.min(n, month)),
          );
        },
      ),
    );
  });

  it('burns down from the included hours to what is left, step by step', () => {
    const period = periodHours(retainer(), [], '2026-03-10');
    const uses = [
      { day: '2026-03-02', centi: 500 },
      { day: '2026-03-02', centi: 250 },
      { day: '2026-03-05', centi: 2000 },
      { day: '2026-02-27', centi: 900 },
    ];
    expect(burnDown(period, uses, '2026-03-10')).toEqual([
      { day: '2026-03-01', left: 2000 },
      { day: '2026-03-02', left: 1250 },
      { day: '2026-03-05', left: 0 },
      { day: '2026-03-10', left: 0 },
    ]);
  });
});
