import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ageingBucket, ageingBuckets, daysPastDue } from './ageing.ts';

describe('ageing buckets (ADR 069)', () => {
  it('puts each edge in its bucket: due today is current, 1 day late is 1-30, 91 is 90+', () => {
    const edges: [number, string][] = [
      [-400, 'current'],
      [-1, 'current'],
      [0, 'current'],
      [1, 'days1to30'],
      [30, 'days1to30'],
      [31, 'days31to60'],
      [60, 'days31to60'],
      [61, 'days61to90'],
      [90, 'days61to90'],
      [91, 'days90plus'],
      [10_000, 'days90plus'],
    ];
    for (const [days, bucket] of edges) expect(ageingBucket(days), `${days}`).toBe(bucket);
  });

  it('never moves an amount to a younger bucket as it gets older', () => {
    const order = ageingBuckets.map((b) => b.key);
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), (days) => {
        expect(order.indexOf(ageingBucket(days + 1))).toBeGreaterThanOrEqual(
          order.indexOf(ageingBucket(days)),
        );
      }),
    );
  });

  it('counts calendar days across month ends, year ends, leap days and clock changes', () => {
    expect(daysPastDue('2026-01-31', '2026-02-01')).toBe(1);
    expect(daysPastDue('2025-12-31', '2026-01-01')).toBe(1);
    expect(daysPastDue('2028-02-28', '2028-03-01')).toBe(2);
    // 8 March 2026 is 23 hours long in Chicago: still one day.
    expect(daysPastDue('2026-03-07', '2026-03-09')).toBe(2);
    expect(daysPastDue('2026-03-10', '2026-03-09')).toBe(-1);
  });
});
