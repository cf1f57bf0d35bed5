// ISO 4217 minor units (ADR 066): a total is stored as an integer count of the currency's
// smallest unit, and shown by dividing by 10^exponent. Every currency not named here has 2.

/** Currencies with no minor unit (¥1 is the smallest amount). */
export const ZERO_DECIMAL = [
  'BIF',
  'CLP',
  'DJF',
  'GNF',
  'ISK',
  'JPY',
  'KMF',
  'KRW',
  'PYG',
  'RWF',
  'UGX',
  'UYI',
  'VND',
  'VUV',
  'XAF',
  'XOF',
  'XPF',
] as const;
/** Currencies counted in thousandths. */
export const THREE_DECIMAL = ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND'] as const;

export const DEFAULT_CURRENCY = 'USD';

/** Three capital letters, as ISO 4217 writes a code (the database checks the same). */
export const isCurrencyCode = (code: string): boolean => /^[A-Z]{3}$/.test(code);

/** How many decimals the currency's amounts have: 0, 2 or 3. */
export function minorExponent(currency: string): 0 | 2 | 3 {
  if ((ZERO_DECIMAL as readonly string[]).includes(currency)) return 0;
  if ((THREE_DECIMAL as readonly string[]).includes(currency)) return 3;
  return 2;
}

/** A decimal written with at most `decimals` decimals as an integer of that scale, exactly. */
export function toScaled(n: number, decimals: number): number {
  // Through the decimal text, not `n * 100`: 1295.51 * 100 is 129550.99999999999.
  const [whole = '0', frac = ''] = Math.abs(n).toFixed(decimals).split('.');
  const scaled = Number(whole + frac.padEnd(decimals, '0'));
  return n < 0 ? -scaled : scaled;
}

/** A decimal amount (as typed, at most the currency's decimals) in minor units, exactly. */
export const toMinor = (amount: number, currency: string): number =>
  toScaled(amount, minorExponent(currency));

/** An integer of scale 10^decimals as its decimal (1500 thousandths → 1.5). */
export function fromScaled(scaled: number, decimals: number): number {
  if (decimals === 0) return scaled;
  const sign = scaled < 0 ? '-' : '';
  const digits = String(Math.abs(scaled)).padStart(decimals + 1, '0');
  return Number(`${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`);
}

/** Minor units as the decimal amount the spec's JSON carries (129550 USD → 1295.5). */
export const fromMinor = (minor: number, currency: string): number =>
  fromScaled(minor, minorExponent(currency));
