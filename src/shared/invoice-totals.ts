// An invoice's arithmetic, written once (ADR 066): integers only, rounded at two places.
// 1. Each line: quantity (thousandths) × unit price (minor units), rounded to a minor unit.
// 2. Each tax rate: the discount and then the tax on the sum of that rate's rounded lines.
// The total is then exactly the sum of the rounded lines, less the discounts, plus the taxes;
// nothing is rounded twice and no float ever holds money (BigInt inside, products of a
// quantity and a price pass 2^53).

/** Quantities are integer thousandths: 1.5 hours is 1500. */
export const QUANTITY_SCALE = 1000;
/** Rates and the discount are basis points: 20 % is 2000, 100 % is 10000. */
export const BASIS_POINTS = 10_000;
/** The largest total an invoice may have, in minor units (9,999,999,999.99 in a 2-decimal currency). */
export const MAX_TOTAL_MINOR = 999_999_999_999;

export interface LineAmounts {
  /** Thousandths of a unit, 0 or more. */
  quantity: number;
  /** Minor units, 0 or more. */
  unitPrice: number;
  /** Basis points, 0..10000. */
  taxRate: number;
}

export interface TaxGroup {
  taxRate: number;
  /** The rate's rounded lines added up. */
  net: number;
  discount: number;
  tax: number;
}

export interface InvoiceTotals {
  /** Each line's rounded amount, in the order given. */
  lines: number[];
  /** One entry per tax rate present, lowest rate first. */
  taxes: TaxGroup[];
  subtotal: number;
  discount: number;
  tax: number;
  total: number;
}

/** Thrown when a total passes MAX_TOTAL_MINOR; the command answers 400. */
export class TotalTooLarge extends RangeError {}

/** n / d rounded half up, for n ≥ 0 and d > 0 (every amount here is non-negative). */
const divRound = (n: bigint, d: bigint): bigint => (2n * n + d) / (2n * d);

const big = (n: number, what: string, max: number): bigint => {
  if (!Number.isSafeInteger(n) || n < 0 || n > max) throw new RangeError(`${what} out of range`);
  return BigInt(n);
};

const small = (n: bigint): number => {
  if (n > BigInt(MAX_TOTAL_MINOR)) throw new TotalTooLarge('Invoice total is too large');
  return Number(n);
};

/** The invoice's totals; `discountBp` (0..10000) comes off every rate's net before its tax. */
export function invoiceTotals(lines: readonly LineAmounts[], discountBp = 0): InvoiceTotals {
  const discountRate = big(discountBp, 'discount', BASIS_POINTS);
  const nets = lines.map((l) =>
    divRound(
      big(l.quantity, 'quantity', Number.MAX_SAFE_INTEGER) *
        big(l.unitPrice, 'unit price', Number.MAX_SAFE_INTEGER),
      BigInt(QUANTITY_SCALE),
    ),
  );
  const byRate = new Map<number, bigint>();
  lines.forEach((l, i) => {
    big(l.taxRate, 'tax rate', BASIS_POINTS);
    byRate.set(l.taxRate, (byRate.get(l.taxRate) ?? 0n) + nets[i]!);
  });
  let subtotal = 0n;
  let discount = 0n;
  let tax = 0n;
  const groups = [...byRate.entries()]
    .sort(([a], [b]) => a - b)
    .map(([taxRate, net]) => {
      // The discount is rounded per rate, so it never exceeds the rate's net.
      const off = divRound(net * discountRate, BigInt(BASIS_POINTS));
      const onRate = divRound((net - off) * BigInt(taxRate), BigInt(BASIS_POINTS));
      subtotal += net;
      discount += off;
      tax += onRate;
      return { taxRate, net, discount: off, tax: onRate };
    });
  const total = subtotal - discount + tax;
  small(subtotal);
  return {
    lines: nets.map(small),
    taxes: groups.map((g) => ({
      taxRate: g.taxRate,
      net: small(g.net),
      discount: small(g.discount),
      tax: small(g.tax),
    })),
    subtotal: small(subtotal),
    discount: small(discount),
    tax: small(tax),
    total: small(total),
  };
}
