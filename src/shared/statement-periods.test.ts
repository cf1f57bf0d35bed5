import { describe, expect, it } from 'vitest';
import { officeToday, periodDates } from './statement-periods.ts';

describe('statement periods (ADR 069)', () => {
  it('ends this month and this year today, and covers the whole of last month', () => {
    expect(periodDates('this-month', '2026-03-15')).toEqual({
      from: '2026-03-01',
      to: '2026-03-15',
    });
    expect(periodDates('this-year', '2026-03-15')).toEqual({
      from: '2026-01-01',
      to: '2026-03-15',
    });
    expect(periodDates('last-month', '2026-03-15')).toEqual({
      from: '2026-02-01',
      to: '2026-02-28',
    });
    expect(periodDates('last-month', '2028-03-01')).toEqual({
      from: '2028-02-01',
      to: '2028-02-29',
    });
    // In January, last month is December of the year before.
    expect(periodDates('last-month', '2026-01-05')).toEqual({
      from: '2025-12-01',
      to: '2025-12-31',
    });
  });

  it("takes today from the office's zone, not the server's or the reader's", () => {
    // 03:00 UTC on 1 January is still 31 December in Chicago (UTC-6).
    expect(officeToday(new Date('2026-01-01T03:00:00Z'))).toBe('2025-12-31');
    expect(officeToday(new Date('2026-01-01T07:00:00Z'))).toBe('2026-01-01');
    // In summer Chicago is UTC-5.
    expect(officeToday(new Date('2026-07-01T04:59:00Z'))).toBe('2026-06-30');
    expect(officeToday(new Date('2026-07-01T05:00:00Z'))).toBe('2026-07-01');
  });
});
