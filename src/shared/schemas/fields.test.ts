import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCents } from './fields.ts';

describe('isCents: at most two decimals', () => {
  it('holds for every amount written in cents, up to the largest invoice', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 999_999_999_999 }), (c) => isCents(c / 100)));
  });

  it('refuses a third decimal and the tiny numbers that round to 0.00', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 99_999_999 }).filter((m) => m % 10 !== 0),
        (m) => !isCents(m / 1000),
      ),
    );
    for (const n of [1e-10, 1e-15, 5e-324, 0.001, 1.005, Number.NaN, Infinity]) {
      expect(isCents(n), String(n)).toBe(false);
    }
  });
});
