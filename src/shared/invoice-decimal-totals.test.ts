import { describe, expect, it } from 'vitest';
import { decimalTotals } from './invoice-decimal-totals.ts';

describe('decimalTotals: typed decimals reckoned as the server stores them', () => {
  it('turns decimals into integers exactly (no float drift) and rounds per line and rate', () => {
    const totals = decimalTotals(
      [
        { quantity: 12.5, unitPrice: 95.5, taxRate: 20 },
        { quantity: 3, unitPrice: 19.99, taxRate: 20 },
        { quantity: 1, unitPrice: 0.1, taxRate: 0 },
        { quantity: 1, unitPrice: 0.2, taxRate: 0 },
      ],
      10,
      'USD',
    );
    // 1193.75 + 59.97 at 20 %: discount 125.37, tax on 1128.35 = 225.67; 0.30 at 0 %: discount 0.03.
    expect(totals).toMatchObject({
      lines: [119375, 5997, 10, 20],
      subtotal: 125402,
      discount: 12540,
      tax: 22567,
      total: 135429,
    });
  });

  it('counts in the currency: yen have no minor unit, dinars three', () => {
    expect(decimalTotals([{ quantity: 1.5, unitPrice: 1001, taxRate: 10 }], 0, 'JPY')?.total).toBe(
      1652,
    );
    expect(decimalTotals([{ quantity: 1, unitPrice: 1.25, taxRate: 0 }], 0, 'BHD')?.total).toBe(
      1250,
    );
  });

  it('is null while a line is blank, negative or out of range', () => {
    const line = { quantity: 1, unitPrice: 1, taxRate: 0 };
    expect(decimalTotals([{ ...line, quantity: Number.NaN }], 0, 'USD')).toBeNull();
    expect(decimalTotals([{ ...line, unitPrice: -1 }], 0, 'USD')).toBeNull();
    expect(decimalTotals([{ ...line, taxRate: 101 }], 0, 'USD')).toBeNull();
    expect(decimalTotals([line], 0, 'USD')?.total).toBe(100);
  });
});
