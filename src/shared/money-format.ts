// Money as a person reads it on a document: the currency's code and exactly its minor-unit
// decimals (USD 1,295.50, JPY 1,296, BHD 1.250). The code rather than a symbol, because "$" is
// several currencies and the PDF's standard fonts have no glyph for most symbols (₩, ₹).
import { fromMinor, fromScaled, minorExponent, toMinor } from './currency.ts';
import { formatCurrency } from './format.ts';

const formatters = new Map<number, Intl.NumberFormat>();

function decimalsFormat(decimals: number): Intl.NumberFormat {
  let f = formatters.get(decimals);
  if (!f) {
    f = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
    });
    formatters.set(decimals, f);
  }
  return f;
}

/** Minor units in the currency: 129550 USD → "USD 1,295.50", 1296 JPY → "JPY 1,296". */
export function formatMoney(minor: number, currency: string): string {
  const sign = minor < 0 ? '-' : '';
  const amount = decimalsFormat(minorExponent(currency)).format(
    fromMinor(Math.abs(minor), currency),
  );
  return `${sign}${currency} ${amount}`;
}

/** Thousandths as a quantity with no trailing zeros: 1500 → "1.5", 40000 → "40". */
export const formatQuantity = (milli: number): string =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(fromScaled(milli, 3));

/** Basis points as a percent: 2000 → "20%", 825 → "8.25%". */
export const formatRate = (bp: number): string => `${fromScaled(bp, 2)}%`;

/** Minor units as a plain decimal for data files: 129550 USD → "1295.50", -5 JPY → "-5". */
export function decimalText(minor: number, currency: string): string {
  const decimals = minorExponent(currency);
  const digits = String(Math.abs(minor)).padStart(decimals + 1, '0');
  const sign = minor < 0 ? '-' : '';
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * A decimal amount of the currency as the screens show it: US dollars as the spec's screens
 * always have ($1,295.50), any other currency by its code (JPY 1,296) so it is never taken
 * for dollars.
 */
export function formatAmount(amount: number, currency = 'USD'): string {
  if (currency === 'USD') return formatCurrency(amount);
  const minor = toMinor(Math.abs(amount), currency);
  return formatMoney(amount < 0 ? -minor : minor, currency);
}

/** Minor units as the screens show money (`formatAmount`): 30000 USD → "$300.00", 1652 JPY → "JPY 1,652". */
export const formatMinorAmount = (minor: number, currency: string): string =>
  formatAmount(fromMinor(minor, currency), currency);
