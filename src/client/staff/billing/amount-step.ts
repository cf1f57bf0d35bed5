import { minorExponent } from '../../../shared/currency.ts';

/** A number box's step for amounts of the currency: 1 for yen, 0.001 for dinars, else 0.01. */
export const amountStep = (currency: string): string =>
  ({ 0: '1', 2: '0.01', 3: '0.001' })[minorExponent(currency)];
