// The screens' view of an invoice's arithmetic (issue 39 item 6): lines as people type or the
// API carries them (decimal quantities, prices in the currency, percents) turned into integers
// exactly as the server's commands do (toScaled, toMinor) and reckoned by the one totals module,
// so a total shown while drafting is the total the server stores.
import { toMinor, toScaled } from './currency.ts';
import { invoiceTotals, type InvoiceTotals } from './invoice-totals.ts';

export interface DecimalLine {
  quantity: number;
  unitPrice: number;
  taxRate: number;
}

/** The totals in minor units, or null while a line is not yet a valid amount (blank, negative). */
export function decimalTotals(
  lines: readonly DecimalLine[],
  discountPercent: number,
  currency: string,
): InvoiceTotals | null {
  const numbers = [discountPercent, ...lines.flatMap((l) => [l.quantity, l.unitPrice, l.taxRate])];
  if (numbers.some((n) => !Number.isFinite(n) || n < 0)) return null;
  try {
    return invoiceTotals(
      lines.map((l) => ({
        quantity: toScaled(l.quantity, 3),
        unitPrice: toMinor(l.unitPrice, currency),
        taxRate: toScaled(l.taxRate, 2),
      })),
      toScaled(discountPercent, 2),
    );
  } catch {
    // Out of range (a rate over 100 %, a total too large): the form's own messages say why.
    return null;
  }
}

/**
 * A stored invoice's totals for a screen: reckoned from its lines, or, for one published as a
 * single amount before lines (ADR 066), that stored total alone, as the server's totalsOf does.
 */
export function documentTotals(
  lines: readonly DecimalLine[],
  discountPercent: number,
  amount: number,
  currency: string,
): InvoiceTotals | null {
  if (lines.length > 0) return decimalTotals(lines, discountPercent, currency);
  const total = toMinor(amount, currency);
  return { lines: [], taxes: [], subtotal: total, discount: 0, tax: 0, total };
}
