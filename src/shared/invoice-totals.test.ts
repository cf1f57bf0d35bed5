import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromMinor, toMinor } from './currency.ts';
import {
  BASIS_POINTS,
  invoiceTotals,
  MAX_TOTAL_MINOR,
  QUANTITY_SCALE,
  TotalTooLarge,
  type LineAmounts,
} from './invoice-totals.ts';

const line = fc.record({
  quantity: fc.integer({ min: 0, max: 1_000_000 }),
  unitPrice: fc.integer({ min: 0, max: 10_000_000 }),
  taxRate: fc.constantFrom(0, 500, 700, 1900, 2000, 2100, 1250, 10_000),
});
const lines = fc.array(line, { maxLength: 30 });
const discount = fc.integer({ min: 0, max: BASIS_POINTS });

/** The same arithmetic by exact fractions, independently: (2n + d) / 2d is half up. */
const halfUp = (n: bigint, d: bigint) => (2n * n + d) / (2n * d);

describe('invoiceTotals', () => {
  it('is the sum of the rounded lines, less the rounded discounts, plus the rounded taxes', () => {
    fc.assert(
      fc.property(lines, discount, (ls, bp) => {
        const t = invoiceTotals(ls, bp);
        const nets = ls.map((l) => halfUp(BigInt(l.quantity * l.unitPrice), 1000n));
        expect(t.lines).toEqual(nets.map(Number));
        expect(t.subtotal).toBe(t.lines.reduce((a, b) => a + b, 0));
        expect(t.total).toBe(t.subtotal - t.discount + t.tax);
        expect(t.discount).toBe(t.taxes.reduce((a, g) => a + g.discount, 0));
        expect(t.tax).toBe(t.taxes.reduce((a, g) => a + g.tax, 0));
        for (const g of t.taxes) {
          const net = ls.reduce((a, l, i) => (l.taxRate === g.taxRate ? a + nets[i]! : a), 0n);
          expect(g.net).toBe(Number(net));
          expect(g.discount).toBe(Number(halfUp(net * BigInt(bp), 10_000n)));
          expect(g.tax).toBe(
            Number(halfUp((net - BigInt(g.discount)) * BigInt(g.taxRate), 10_000n)),
          );
        }
      }),
    );
  });

  it('answers integers only, and a discount never makes any amount negative', () => {
    fc.assert(
      fc.property(lines, discount, (ls, bp) => {
        const t = invoiceTotals(ls, bp);
        const all = [t.subtotal, t.discount, t.tax, t.total, ...t.lines];
        for (const g of t.taxes) all.push(g.net, g.discount, g.tax);
        for (const n of all) {
          expect(Number.isSafeInteger(n)).toBe(true);
          expect(n).toBeGreaterThanOrEqual(0);
        }
        for (const g of t.taxes) expect(g.discount).toBeLessThanOrEqual(g.net);
        if (bp === BASIS_POINTS) expect(t.total).toBe(0);
      }),
    );
  });

  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(lines, discount, (ls, bp) => {
        const a = invoiceTotals(ls, bp);
        const b = invoiceTotals([...ls].reverse(), bp);
        expect(b.total).toBe(a.total);
        expect(b.taxes).toEqual(a.taxes);
      }),
    );
  });

  it('has no float drift where floats would: 3 × 0.10 and 0.1 + 0.2', () => {
    const dime: LineAmounts = { quantity: 3 * QUANTITY_SCALE, unitPrice: 10, taxRate: 0 };
    expect(invoiceTotals([dime]).total).toBe(30);
    const t = invoiceTotals([
      { quantity: QUANTITY_SCALE, unitPrice: 10, taxRate: 0 },
      { quantity: QUANTITY_SCALE, unitPrice: 20, taxRate: 0 },
    ]);
    expect(fromMinor(t.total, 'USD')).toBe(0.3);
  });

  it('rounds each line half up, then tax once per rate (not per line)', () => {
    // 1.5 × 0.01 = 0.015 → 0.02; three lines of 0.05 at 10 % tax 0.015 → 0.02 on the rate, not 0.03.
    expect(invoiceTotals([{ quantity: 1500, unitPrice: 1, taxRate: 0 }]).total).toBe(2);
    const perRate = invoiceTotals(
      [1, 2, 3].map(() => ({ quantity: QUANTITY_SCALE, unitPrice: 5, taxRate: 1000 })),
    );
    expect(perRate.tax).toBe(2);
    expect(perRate.total).toBe(17);
  });

  it('refuses a total above the largest invoice, a negative quantity and a rate over 100 %', () => {
    const huge = { quantity: 2 * QUANTITY_SCALE, unitPrice: MAX_TOTAL_MINOR, taxRate: 0 };
    expect(() => invoiceTotals([huge])).toThrow(TotalTooLarge);
    expect(() => invoiceTotals([{ quantity: -1, unitPrice: 1, taxRate: 0 }])).toThrow(RangeError);
    expect(() => invoiceTotals([{ quantity: 1, unitPrice: 1, taxRate: 10_001 }])).toThrow(
      RangeError,
    );
  });
});

describe('minor units', () => {
  it('turns every 2-decimal amount into minor units and back exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TOTAL_MINOR }), (minor) => {
        const amount = fromMinor(minor, 'USD');
        expect(toMinor(amount, 'USD')).toBe(minor);
      }),
    );
    expect(toMinor(1295.51, 'USD')).toBe(129551);
    expect(fromMinor(129550, 'USD')).toBe(1295.5);
    expect(fromMinor(1295, 'JPY')).toBe(1295);
    expect(fromMinor(1295, 'KWD')).toBe(1.295);
  });
});
