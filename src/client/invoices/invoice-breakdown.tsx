import { fromMinor, fromScaled } from '../../shared/currency.ts';
import { formatDate } from '../../shared/format.ts';
import type { InvoiceTotals } from '../../shared/invoice-totals.ts';
import { formatAmount } from '../../shared/money-format.ts';
import { cn } from '../ui/cn.ts';
import { paymentMethodName, type PaymentMethod } from '../../shared/schemas/invoice-documents.ts';

// An invoice's lines and totals as the staff screen and the customer's dialog both show them
// (issue 39 item 6): every amount in the invoice's currency, the totals those of the one
// totals module (shared/invoice-totals.ts), so the screens and the PDF never disagree.

export interface BreakdownLine {
  description: string;
  quantity: number;
  unitPrice: number;
  taxRate: number;
  projectName?: string | null;
}

export interface BreakdownPayment {
  amount: number;
  method: PaymentMethod;
  reference: string;
  receivedOn: string;
}

export interface BreakdownCredit {
  amount: number;
  reason: string;
  issuedOn: string;
}

const quantityText = (n: number) =>
  new Intl.NumberFormat('en-US', { maximumFractionDigits: 3 }).format(n);

/** The lines, one per row: what, how many at what price and tax, and the line's amount. */
export function InvoiceLines({
  lines,
  amounts,
  currency,
}: {
  lines: readonly BreakdownLine[];
  /** Each line's rounded amount in minor units, in order. */
  amounts: readonly number[];
  currency: string;
}) {
  const money = (n: number) => formatAmount(n, currency);
  return (
    <ul aria-label="Invoice lines" className="divide-y divide-slate-100 text-sm">
      {lines.map((l, i) => (
        <li key={i} className="flex items-start justify-between gap-4 py-2">
          <div className="min-w-0">
            <p className="font-medium break-words text-slate-900">{l.description}</p>
            <p className="text-slate-600">
              {quantityText(l.quantity)} × {money(l.unitPrice)} · tax {l.taxRate}%
              {l.projectName ? ` · ${l.projectName}` : ''}
            </p>
          </div>
          <p className="shrink-0 text-right text-slate-900 tabular-nums">
            {money(fromMinor(amounts[i] ?? 0, currency))}
          </p>
        </li>
      ))}
    </ul>
  );
}

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-4 py-1', strong && 'font-semibold')}>
      <dt className={strong ? 'text-slate-900' : 'text-slate-600'}>{label}</dt>
      <dd className="shrink-0 text-right text-slate-900 tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Subtotal, discount, tax per rate and total; then, when there are any, each payment and
 * credit note and the balance due.
 */
export function InvoiceTotalsList({
  totals,
  discountPercent,
  currency,
  payments = [],
  creditNotes = [],
  balance,
}: {
  totals: InvoiceTotals;
  discountPercent: number;
  currency: string;
  payments?: readonly BreakdownPayment[];
  creditNotes?: readonly BreakdownCredit[];
  /** What is still owed (a decimal); shown when given. */
  balance?: number;
}) {
  const minor = (n: number) => formatAmount(fromMinor(n, currency), currency);
  const money = (n: number) => formatAmount(n, currency);
  return (
    <dl aria-label="Invoice totals" className="text-sm">
      <Row label="Subtotal" value={minor(totals.subtotal)} />
      {totals.discount > 0 && (
        <Row label={`Discount ${discountPercent}%`} value={minor(-totals.discount)} />
      )}
      {totals.taxes.map((g) => (
        <Row
          key={g.taxRate}
          label={`Tax ${fromScaled(g.taxRate, 2)}% on ${minor(g.net - g.discount)}`}
          value={minor(g.tax)}
        />
      ))}
      <Row label="Total" value={minor(totals.total)} strong />
      {payments.map((p, i) => (
        <Row
          key={`p${i}`}
          label={`Payment ${formatDate(p.receivedOn)} (${paymentMethodName(p.method)}${p.reference ? `, ${p.reference}` : ''})`}
          value={money(-p.amount)}
        />
      ))}
      {creditNotes.map((c, i) => (
        <Row
          key={`c${i}`}
          label={`Credit note ${formatDate(c.issuedOn)}: ${c.reason}`}
          value={money(-c.amount)}
        />
      ))}
      {balance !== undefined && <Row label="Balance due" value={money(balance)} strong />}
    </dl>
  );
}
