// A company's statement for a period and the ageing of what it owes (issue 39 items 5 and 6,
// ADR 069). Everything is reckoned from one ledger of dated entries, in integer minor units of
// the company's currency: an issued invoice adds its total on its issue date; a payment, a
// credit note, or the rest of an invoice marked paid by hand takes its amount off on its day.
import { sql, type SQL } from 'drizzle-orm';
import { ageingBuckets, type Ageing } from '../../shared/ageing.ts';
import { company } from '../../shared/company.ts';
import { paymentMethodLabels } from '../../shared/schemas/invoice-documents.ts';
import {
  MAX_STATEMENT_ENTRIES,
  TOO_MANY_ENTRIES_MESSAGE,
  type Statement,
  type StatementEntry,
  type StatementEntryKind,
} from '../../shared/schemas/statements.ts';
import type { PaymentMethod } from '../../shared/schemas/invoice-documents.ts';
import { selectRows, type Db, type Tx } from '../db/client.ts';
import { customers, invoiceCreditNotes, invoicePayments, invoices } from '../db/schema.ts';
import { badRequest } from '../lib/errors.ts';
import { requireCompany } from './companies.ts';

/**
 * The ledger of the invoices `which` selects (a condition on `i`, the invoices table), as a
 * subquery named `ledger`: one row per entry with its company, invoice, day and signed amount.
 * Only what the customer sees (never a draft or a void invoice: ADR 066) and only invoices in
 * their company's currency, since amounts are never converted.
 *
 * An invoice marked paid by hand (before payments were recorded, or without one) has no
 * payment row for the rest of its total: that rest is settled on the day it was last changed
 * in the office's zone, but never after its due date nor before its issue date (ADR 069).
 */
export function ledger(which: SQL): SQL {
  const zone = company.businessHours.timeZone;
  return sql`(
    select i.customer_id, i.id as invoice_id, i.number, i.due_date, i.issue_date as day,
      'invoice'::text as kind, 0 as rank, i.description as detail, null::text as method,
      i.total_minor as amount_minor
    from ${invoices} i join ${customers} c on c.id = i.customer_id and c.currency = i.currency
    where i.state not in ('draft', 'void') and ${which}
    union all
    select i.customer_id, i.id, i.number, i.due_date, n.issued_on, 'credit-note', 1, n.reason,
      null, -n.amount_minor
    from ${invoiceCreditNotes} n join ${invoices} i on i.id = n.invoice_id
      join ${customers} c on c.id = i.customer_id and c.currency = i.currency
    where i.state not in ('draft', 'void') and ${which}
    union all
    select i.customer_id, i.id, i.number, i.due_date, p.received_on, 'payment', 2, p.reference,
      p.method::text, -p.amount_minor
    from ${invoicePayments} p join ${invoices} i on i.id = p.invoice_id
      join ${customers} c on c.id = i.customer_id and c.currency = i.currency
    where i.state not in ('draft', 'void') and ${which}
    union all
    select i.customer_id, i.id, i.number, i.due_date,
      greatest(i.issue_date, least(i.due_date, (i.updated_at at time zone ${zone})::date)),
      'marked-paid', 3, '', null, -(i.total_minor - i.settled_minor)
    from ${invoices} i join ${customers} c on c.id = i.customer_id and c.currency = i.currency
    where i.state = 'paid' and i.total_minor > i.settled_minor and ${which}
  ) ledger`;
}

/** Days past due at `asOf` (a date parameter) of the ledger row's invoice. */
const pastDue = (asOf: string) => sql`(${asOf}::date - owed.due_date)`;

/**
 * The sums of `owed.amount` by ageing bucket at `asOf`, as the columns `current`,
 * `days1to30`, ...: the SQL form of `ageingBucket` (shared/ageing.ts), built from its list.
 */
export function ageingColumns(asOf: string): SQL {
  let lower: number | null = null;
  const columns = ageingBuckets.map((b) => {
    const conditions = [
      lower === null ? null : sql`${pastDue(asOf)} >= ${lower}`,
      b.maxDays === null ? null : sql`${pastDue(asOf)} <= ${b.maxDays}`,
    ].filter((c): c is SQL => c !== null);
    lower = b.maxDays === null ? null : b.maxDays + 1;
    return sql`coalesce(sum(owed.amount) filter (where ${sql.join(conditions, sql` and `)}), 0)::bigint as ${sql.identifier(b.key)}`;
  });
  return sql.join(columns, sql`, `);
}

/** Each invoice's open amount at `asOf`: its ledger up to that day, as the subquery `owed`. */
export const openAmounts = (which: SQL, asOf: string): SQL => sql`(
  select ledger.customer_id, ledger.invoice_id, ledger.due_date, sum(ledger.amount_minor) as amount
  from ${ledger(which)}
  where ledger.day <= ${asOf}::date
  group by ledger.customer_id, ledger.invoice_id, ledger.due_date
) owed`;

/** bigint sums arrive as strings (node-postgres) or bigints (PGlite): integers either way. */
const int = (value: unknown): number => Number(value ?? 0);

type EntryRow = {
  day: string;
  kind: StatementEntryKind;
  number: string;
  detail: string;
  method: PaymentMethod | null;
  amount_minor: unknown;
};

function describe(row: EntryRow): string {
  if (row.kind === 'payment') {
    const method = paymentMethodLabels[row.method ?? 'other'];
    return `Payment by ${method}${row.detail ? `, ${row.detail}` : ''}`;
  }
  if (row.kind === 'marked-paid') return 'Marked paid (no payment recorded)';
  return row.detail;
}

/**
 * The statement of a company for the days `from` to `to` (inclusive): the opening balance
 * (everything before `from`), each entry of the period with the balance after it, the
 * period's sums, the closing balance (everything up to `to`) and its ageing at `to`.
 */
export async function companyStatement(
  db: Db | Tx,
  customerId: string,
  period: { from: string; to: string },
): Promise<Statement> {
  const found = await requireCompany(db, customerId);
  const which = sql`i.customer_id = ${customerId}`;
  const { from, to } = period;
  const [balances] = await selectRows<{ opening: unknown; closing: unknown }>(
    db,
    sql`select
        coalesce(sum(amount_minor) filter (where day < ${from}::date), 0)::bigint as opening,
        coalesce(sum(amount_minor) filter (where day <= ${to}::date), 0)::bigint as closing
      from ${ledger(which)}`,
  );
  const rows = await selectRows<EntryRow>(
    db,
    sql`select to_char(day, 'YYYY-MM-DD') as day, kind, number, detail, method, amount_minor
      from ${ledger(which)}
      where day between ${from}::date and ${to}::date
      order by day, rank, number
      limit ${MAX_STATEMENT_ENTRIES + 1}`,
  );
  if (rows.length > MAX_STATEMENT_ENTRIES) throw badRequest(TOO_MANY_ENTRIES_MESSAGE);
  const [ageingRow] = await selectRows<Record<keyof Ageing, unknown>>(
    db,
    sql`select ${ageingColumns(to)} from ${openAmounts(which, to)}`,
  );

  const openingMinor = int(balances?.opening);
  let balance = openingMinor;
  // Each kind's sum as a positive amount: invoices add, the others take off.
  const sums = { invoice: 0, 'credit-note': 0, payment: 0, 'marked-paid': 0 };
  const entries: StatementEntry[] = rows.map((row) => {
    const amountMinor = int(row.amount_minor);
    balance += amountMinor;
    sums[row.kind] += row.kind === 'invoice' ? amountMinor : 0 - amountMinor;
    return {
      date: row.day,
      kind: row.kind,
      invoiceNumber: row.number,
      description: describe(row),
      amountMinor,
      balanceMinor: balance,
    };
  });
  const ageing = Object.fromEntries(
    ageingBuckets.map((b) => [b.key, int(ageingRow?.[b.key])]),
  ) as Ageing;
  return {
    companyName: found.name,
    currency: found.currency,
    from,
    to,
    openingMinor,
    invoicedMinor: sums.invoice,
    creditedMinor: sums['credit-note'],
    // A hand-marked settlement is money received, only not itemised.
    paidMinor: sums.payment + sums['marked-paid'],
    closingMinor: int(balances?.closing),
    entries,
    ageing,
  };
}
