// Logged hours billed by invoice lines (issue 39 item 1, ADR 066 addendum). An entry names the
// line that bills it; a line of a draft claims its entries when the draft is saved, so an
// entry is on one invoice at most, and is free again when the line goes or the invoice is void.
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { agreements, invoiceLines, invoices, projects, timeEntries, users } from '../db/schema.ts';
import { badRequest, conflict } from '../lib/errors.ts';
import {
  UNBILLED_TIME_LIMIT,
  type UnbilledTime,
  type UnbilledTimeQuery,
} from '../../shared/schemas/unbilled-time.ts';
import { requireCompany } from './companies.ts';
import { timeEntryColumns } from './time-entries.ts';

export const TIME_ENTRY_NOT_FOUND = 'Time entry not found';
export const TIME_ENTRY_TWICE = 'A time entry can be on one line only';
export const TIME_ENTRY_NOT_BILLABLE = 'A non-billable time entry cannot be billed';
export const TIME_ENTRY_COVERED =
  "A time entry on a retainer or prepaid agreement is billed by the agreement's fee and overage, not as time";
export const timeAlreadyBilled = (number: string) =>
  `A time entry is already billed on invoice ${number}: refresh the unbilled time and try again`;

/**
 * The company's billable hours on no invoice, oldest first (the order they are billed in).
 * Hours on a retainer or prepaid block are left out: its fee and overage bill them (ADR 074).
 */
export async function listUnbilledTime(
  db: Db,
  customerId: string,
  query: UnbilledTimeQuery,
): Promise<UnbilledTime> {
  await requireCompany(db, customerId);
  const rows = await db
    .select(timeEntryColumns())
    .from(timeEntries)
    .leftJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(users, eq(users.id, timeEntries.userId))
    .leftJoin(agreements, eq(agreements.id, timeEntries.agreementId))
    .where(
      and(
        eq(timeEntries.customerId, customerId),
        eq(timeEntries.billable, true),
        isNull(timeEntries.invoiceLineId),
        or(isNull(timeEntries.agreementId), eq(agreements.type, 'time-and-materials')),
        query.projectId ? eq(timeEntries.projectId, query.projectId) : undefined,
        query.from ? gte(timeEntries.workDate, query.from) : undefined,
        query.to ? lte(timeEntries.workDate, query.to) : undefined,
      ),
    )
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.createdAt), asc(timeEntries.id))
    .limit(UNBILLED_TIME_LIMIT + 1);
  return {
    entries: rows.slice(0, UNBILLED_TIME_LIMIT).map((r) => ({ ...r, hours: Number(r.hours) })),
    more: rows.length > UNBILLED_TIME_LIMIT,
  };
}

/**
 * Each of the invoice's lines claims the entries it was given. The entries are locked first:
 * a second draft claiming one at the same moment waits, then sees it taken and is refused (409)
 * with nothing written. Another company's entry, one unknown or one non-billable is 400.
 */
export async function claimLineTime(
  tx: Tx,
  customerId: string,
  invoiceId: string,
  linesTime: readonly (readonly string[])[],
): Promise<void> {
  const all = linesTime.flat();
  if (all.length === 0) return;
  if (new Set(all).size !== all.length) throw badRequest(TIME_ENTRY_TWICE);
  const entries = await tx
    .select({
      id: timeEntries.id,
      customerId: timeEntries.customerId,
      invoiceLineId: timeEntries.invoiceLineId,
      billable: timeEntries.billable,
      agreementType: agreements.type,
    })
    .from(timeEntries)
    .leftJoin(agreements, eq(agreements.id, timeEntries.agreementId))
    .where(inArray(timeEntries.id, all))
    .orderBy(asc(timeEntries.id))
    .for('update', { of: timeEntries });
  if (entries.length !== all.length || entries.some((e) => e.customerId !== customerId))
    throw badRequest(TIME_ENTRY_NOT_FOUND);
  // Hours marked non-billable (ADR 071) are the provider's own: never on an invoice.
  if (entries.some((e) => !e.billable)) throw badRequest(TIME_ENTRY_NOT_BILLABLE);
  if (entries.some((e) => e.agreementType !== null && e.agreementType !== 'time-and-materials'))
    throw badRequest(TIME_ENTRY_COVERED);
  const taken = entries.find((e) => e.invoiceLineId !== null);
  if (taken?.invoiceLineId)
    throw conflict(timeAlreadyBilled(await numberOfLine(tx, taken.invoiceLineId)));
  const lines = await tx
    .select({ id: invoiceLines.id, position: invoiceLines.position })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId));
  const idAt = new Map(lines.map((l) => [l.position, l.id]));
  for (const [i, ids] of linesTime.entries()) {
    if (ids.length === 0) continue;
    await tx
      .update(timeEntries)
      .set({ invoiceLineId: idAt.get(i + 1) })
      .where(inArray(timeEntries.id, [...ids]));
  }
}

async function numberOfLine(tx: Tx, lineId: string): Promise<string> {
  const [row] = await tx
    .select({ number: invoices.number })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(eq(invoiceLines.id, lineId));
  return row?.number ?? 'another invoice';
}

/** A void invoice bills no hours: its entries can go on another invoice. */
export async function releaseInvoiceTime(tx: Tx, invoiceId: string): Promise<void> {
  await tx
    .update(timeEntries)
    .set({ invoiceLineId: null })
    .where(
      inArray(
        timeEntries.invoiceLineId,
        tx
          .select({ id: invoiceLines.id })
          .from(invoiceLines)
          .where(eq(invoiceLines.invoiceId, invoiceId)),
      ),
    );
}

/** Each line's entries, for the staff document (the editor sends them back when it saves). */
export async function timeOfLines(
  db: Db | Tx,
  lineIds: readonly string[],
): Promise<Map<string, string[]>> {
  const byLine = new Map<string, string[]>();
  if (lineIds.length === 0) return byLine;
  const rows = await db
    .select({ id: timeEntries.id, lineId: timeEntries.invoiceLineId })
    .from(timeEntries)
    .where(inArray(timeEntries.invoiceLineId, [...lineIds]))
    .orderBy(asc(timeEntries.workDate), asc(timeEntries.id));
  for (const r of rows) if (r.lineId) byLine.set(r.lineId, [...(byLine.get(r.lineId) ?? []), r.id]);
  return byLine;
}
