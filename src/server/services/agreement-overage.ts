// Billable overage becomes invoice lines (issue 40 item 2, ADR 074): each closed period of a
// retainer or prepaid block whose billable hours went over what it included is billed once, on
// the next invoice made for its company (a staff draft, the recurring run), at the agreement's
// overage rate. The claim (agreement, period start) is inserted before the line is made, in the
// invoice's transaction, `on conflict do nothing`: two invoices at once bill it once.
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { agreementOverageClaims, agreements, invoiceLines } from '../db/schema.ts';
import { fromMinor } from '../../shared/currency.ts';
import type { BilledLineInput } from '../../shared/schemas/invoice-documents.ts';
import { hoursOf, lastDayOfMonth, periodHours, type PeriodCenti } from './agreement-hours.ts';
import { dayUses, todayOf, type AgreementRow } from './agreements.ts';

export type ClaimedOverage = {
  agreementId: string;
  periodStart: string;
  line: BilledLineInput;
};

const monthAfter = (day: string) => {
  const [y, m] = [Number(day.slice(0, 4)), Number(day.slice(5, 7))];
  return m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
};

/**
 * The agreement's periods that are over by `today` (its own local day): a retainer's months
 * before this one (none after its end), a prepaid block once its end date passed or it was
 * ended. Time and materials has no overage (every hour is billed as time).
 */
function closedPeriods(row: AgreementRow, uses: Parameters<typeof periodHours>[1], today: string) {
  const periods: PeriodCenti[] = [];
  if (row.type === 'prepaid') {
    if ((row.endsOn !== null && row.endsOn < today) || row.status === 'ended')
      periods.push(periodHours(row, uses, row.startsOn));
    return periods;
  }
  if (row.type !== 'retainer') return periods;
  for (let day = row.startsOn.slice(0, 8) + '01'; ; day = monthAfter(day)) {
    if (lastDayOfMonth(day) >= today) break;
    if (row.endsOn !== null && day > row.endsOn) break;
    periods.push(periodHours(row, uses, day));
  }
  return periods;
}

/** The line of a period's overage; a block ended without an end date runs to the day billed. */
const lineOf = (
  row: AgreementRow,
  p: PeriodCenti,
  today: string,
  taxRate: number,
): BilledLineInput => ({
  description:
    `Overage: ${row.name}, ${p.start} to ${p.end ?? today}, ${hoursOf(p.overage)} h over ${hoursOf(p.included)} h`.slice(
      0,
      500,
    ),
  quantity: hoursOf(p.overage),
  unitPrice: fromMinor(row.overageRateMinor, row.currency),
  taxRate,
  projectId: null,
  agreementId: row.id,
});

/**
 * Claims the company's unbilled overage as of `now` for an invoice in `currency` (an agreement
 * saved in another currency is left for an invoice in its own), and returns the lines to add,
 * taxed as the invoice's first line. The agreements are locked first, so a time entry logged
 * now (which locks its agreement too) is either counted or waits.
 */
export async function claimOverage(
  tx: Tx,
  customerId: string,
  currency: string,
  taxRate: number,
  now: Date,
): Promise<ClaimedOverage[]> {
  const rows = await tx
    .select()
    .from(agreements)
    .where(
      and(
        eq(agreements.customerId, customerId),
        eq(agreements.currency, currency),
        ne(agreements.type, 'time-and-materials'),
        sql`${agreements.overageRateMinor} > 0`,
      ),
    )
    .orderBy(asc(agreements.id))
    .for('update');
  const claimed: ClaimedOverage[] = [];
  for (const row of rows) {
    const uses = await dayUses(tx, row.id, null);
    const today = todayOf(row, now);
    const over = closedPeriods(row, uses, today).filter((p) => p.overage > 0);
    if (over.length === 0) continue;
    const won = await tx
      .insert(agreementOverageClaims)
      .values(
        over.map((p) => ({
          agreementId: row.id,
          periodStart: p.start,
          periodEnd: p.end,
          overageCenti: p.overage,
          rateMinor: row.overageRateMinor,
        })),
      )
      .onConflictDoNothing()
      .returning({ periodStart: agreementOverageClaims.periodStart });
    const wonStarts = new Set(won.map((w) => w.periodStart));
    for (const p of over)
      if (wonStarts.has(p.start))
        claimed.push({
          agreementId: row.id,
          periodStart: p.start,
          line: lineOf(row, p, today, taxRate),
        });
  }
  return claimed;
}

/** The claims name the invoice and the lines made for them (positions from `firstPosition`). */
export async function linkOverage(
  tx: Tx,
  invoiceId: string,
  claimed: readonly ClaimedOverage[],
  firstPosition: number,
): Promise<void> {
  if (claimed.length === 0) return;
  const lines = await tx
    .select({ id: invoiceLines.id, position: invoiceLines.position })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId));
  const idAt = new Map(lines.map((l) => [l.position, l.id]));
  for (const [i, c] of claimed.entries()) {
    await tx
      .update(agreementOverageClaims)
      .set({ invoiceId, invoiceLineId: idAt.get(firstPosition + i) ?? null })
      .where(
        and(
          eq(agreementOverageClaims.agreementId, c.agreementId),
          eq(agreementOverageClaims.periodStart, c.periodStart),
        ),
      );
  }
}

/**
 * After a draft's lines were replaced, each claim names its line again: the new line of the
 * same agreement and description. A claim whose line staff deleted keeps its invoice (the
 * overage was waived, not left to bill again).
 */
export async function relinkOverage(tx: Tx, invoiceId: string): Promise<void> {
  await tx
    .update(agreementOverageClaims)
    .set({
      invoiceLineId: sql`(select ${invoiceLines.id} from ${invoiceLines}
        where ${invoiceLines.invoiceId} = ${invoiceId}
          and ${invoiceLines.agreementId} = ${agreementOverageClaims.agreementId}
          and ${invoiceLines.description} like 'Overage: %, ' || ${agreementOverageClaims.periodStart}::text || ' to %'
        order by ${invoiceLines.position} limit 1)`,
    })
    .where(
      and(
        eq(agreementOverageClaims.invoiceId, invoiceId),
        isNull(agreementOverageClaims.invoiceLineId),
      ),
    );
}

/** A void invoice bills no overage: its periods are billed again on the next invoice. */
export async function releaseOverage(tx: Tx, invoiceId: string): Promise<void> {
  await tx.delete(agreementOverageClaims).where(eq(agreementOverageClaims.invoiceId, invoiceId));
}
