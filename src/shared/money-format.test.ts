import { describe, expect, it } from 'vitest';
import {
  decimalText,
  formatMinorAmount,
  formatMoney,
  formatQuantity,
  formatRate,
} from './money-format.ts';

describe('formatMoney', () => {
  it("writes exactly the currency's decimals after its code", () => {
    expect(formatMoney(129550, 'USD')).toBe('USD 1,295.50');
    expect(formatMoney(1652, 'JPY')).toBe('JPY 1,652');
    expect(formatMoney(1250, 'BHD')).toBe('BHD 1.250');
    expect(formatMoney(0, 'EUR')).toBe('EUR 0.00');
    expect(formatMoney(-24883, 'USD')).toBe('-USD 248.83');
    expect(formatMoney(999_999_999_999, 'USD')).toBe('USD 9,999,999,999.99');
  });

  it('writes quantities and rates without trailing zeros', () => {
    expect([formatQuantity(1500), formatQuantity(40000), formatQuantity(1)]).toEqual([
      '1.5',
      '40',
      '0.001',
    ]);
    expect([formatRate(2000), formatRate(825), formatRate(0)]).toEqual(['20%', '8.25%', '0%']);
  });
});

describe('formatMinorAmount', () => {
  it('shows dollars as every screen does, other currencies by their code', () => {
    expect(formatMinorAmount(30000, 'USD')).toBe('$300.00');
    expect(formatMinorAmount(-2000, 'USD')).toBe('-$20.00');
    expect(formatMinorAmount(1652, 'JPY')).toBe('JPY 1,652');
    expect(formatMinorAmount(1250, 'BHD')).toBe('BHD 1.250');
    expect(formatMinorAmount(-5, 'EUR')).toBe('-EUR 0.05');
  });
});

describe('decimalText', () => {
  it('writes minor units as a plain decimal with the currency’s decimals, no float', () => {
    expect(decimalText(129550, 'USD')).toBe('1295.50');
    expect(decimalText(5, 'USD')).toBe('0.05');
    expect(decimalText(-5, 'USD')).toBe('-0.05');
    expect(decimalText(0, 'USD')).toBe('0.00');
    expect(decimalText(1652, 'JPY')).toBe('1652');
    expect(decimalText(1250, 'BHD')).toBe('1.250');
    expect(decimalText(999_999_999_999, 'USD')).toBe('9999999999.99');
  });
});
