// Staff keep a company's recurring invoices (issue 39 item 4, ADR 068): create, change, pause or
// resume, delete, each write audited; the worker that makes each period's invoice is
// recurring-invoice-sweep.ts.
import { asc, desc, eq, inArray, max } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import {
  invoices,
  recurringInvoiceLines,
  recurringInvoiceRuns,
  recurringInvoices,
} from '../db/schema.ts';
import { notFound } from '../lib/errors.ts';
import { fromMinor, fromScaled } from '../../shared/currency.ts';
import { invoiceTotals } from '../../shared/invoice-totals.ts';
import type {
  RecurringInvoice,
  RecurringInvoiceRun,
  RecurringInvoiceValues,
} from '../../shared/schemas/recurring-invoices.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { draftRows, requireOwnLinks } from './invoice-drafts.ts';
import { requireCurrency } from './invoice-document.ts';
import { localDateOf } from './helpdesk/schedule-runs.ts';
import { firstRunOnOrAfter, runInstant, type RecurringPattern } from './recurring-periods.ts';

export const RECURRING_NOT_FOUND = 'Recurring invoice not found';

export type ScheduleRow = typeof recurringInvoices.$inferSelect;
export type TemplateLine = typeof recurringInvoiceLines.$inferSelect;

/**
 * The next period to run: the first run day on or after today (local) whose period starts after
 * every month already billed (ADR 068), so a changed run day, zone, cadence or start date never
 * bills a month again. Periods passed while paused or before the schedule existed are not
 * billed; only those missed while it was active (the worker down) are caught up, by the sweep.
 */
export async function nextRun(tx: Tx, row: ScheduleRow | null, p: RecurringPattern, now: Date) {
  const today = localDateOf(now, p.timeZone);
  let from = today;
  if (row) {
    const [last] = await tx
      .select({ billedTo: max(recurringInvoiceRuns.periodEnd) })
      .from(recurringInvoiceRuns)
      .where(eq(recurringInvoiceRuns.scheduleId, row.id));
    // A run day lies in its period's first month, so a run day on or after the first unbilled
    // month is a period that starts there or later.
    if (last?.billedTo && last.billedTo > from) from = last.billedTo;
  }
  const nextRunOn = firstRunOnOrAfter(p, from);
  return { nextRunOn, nextRunAt: nextRunOn ? runInstant(nextRunOn, p.timeZone) : null };
}

const patternOf = (input: RecurringInvoiceValues): RecurringPattern => ({
  cadence: input.cadence,
  runDay: input.runDay,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
  timeZone: input.timeZone,
});

const scheduleFields = (input: RecurringInvoiceValues) => ({
  name: input.name,
  cadence: input.cadence,
  runDay: input.runDay,
  timeZone: input.timeZone,
  paymentTermsDays: input.paymentTermsDays,
  action: input.action,
  startsOn: input.startsOn,
  endsOn: input.endsOn,
});

/** The template in integers, by the drafts' own rule; the company's currency, checked. */
async function templateOf(tx: Tx, customerId: string, input: RecurringInvoiceValues) {
  const company = await requireCompany(tx, customerId);
  requireCurrency(input.currency, company.currency, "company's");
  const rows = draftRows(input, company.currency);
  await requireOwnLinks(tx, customerId, rows.lines);
  return { currency: company.currency, ...rows };
}

const audit = (tx: Tx, actor: Actor, action: string, row: ScheduleRow) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'recurring_invoice',
    entityId: row.id,
    customerId: row.customerId,
    details: { name: row.name, cadence: row.cadence, action: row.action, active: row.active },
  });

function shown(row: ScheduleRow, lines: readonly TemplateLine[]): RecurringInvoice {
  const money = (minor: number) => fromMinor(minor, row.currency);
  const totals = invoiceTotals(
    lines.map((l) => ({
      quantity: l.quantityMilli,
      unitPrice: l.unitPriceMinor,
      taxRate: l.taxRateBp,
    })),
    row.discountBp,
  );
  return {
    id: row.id,
    customerId: row.customerId,
    name: row.name,
    currency: row.currency,
    discount: fromScaled(row.discountBp, 2),
    lines: lines.map((l, i) => ({
      position: l.position,
      description: l.description,
      quantity: fromScaled(l.quantityMilli, 3),
      unitPrice: money(l.unitPriceMinor),
      taxRate: fromScaled(l.taxRateBp, 2),
      amount: money(totals.lines[i] ?? 0),
      projectId: l.projectId,
      agreementId: l.agreementId,
    })),
    amount: money(totals.total),
    cadence: row.cadence,
    runDay: row.runDay,
    timeZone: row.timeZone,
    paymentTermsDays: row.paymentTermsDays,
    action: row.action,
    active: row.active,
    startsOn: row.startsOn,
    endsOn: row.endsOn,
    nextRunOn: row.active ? row.nextRunOn : null,
    nextRunAt: row.active && row.nextRunAt ? row.nextRunAt.toISOString() : null,
  };
}

/** A schedule's template lines, in order. */
export const templateLines = (tx: Tx, scheduleIds: string[]) =>
  scheduleIds.length === 0
    ? Promise.resolve([])
    : tx
        .select()
        .from(recurringInvoiceLines)
        .where(inArray(recurringInvoiceLines.scheduleId, scheduleIds))
        .orderBy(asc(recurringInvoiceLines.scheduleId), asc(recurringInvoiceLines.position));

/** The company's schedules, oldest first. */
export async function listRecurringInvoices(
  tx: Tx,
  customerId: string,
): Promise<RecurringInvoice[]> {
  await requireCompany(tx, customerId);
  const rows = await tx
    .select()
    .from(recurringInvoices)
    .where(eq(recurringInvoices.customerId, customerId))
    .orderBy(asc(recurringInvoices.createdAt), desc(recurringInvoices.id));
  const lines = await templateLines(
    tx,
    rows.map((r) => r.id),
  );
  return rows.map((r) =>
    shown(
      r,
      lines.filter((l) => l.scheduleId === r.id),
    ),
  );
}

async function lock(tx: Tx, id: string): Promise<ScheduleRow> {
  const [row] = await tx
    .select()
    .from(recurringInvoices)
    .where(eq(recurringInvoices.id, id))
    .for('update');
  if (!row) throw notFound(RECURRING_NOT_FOUND);
  return row;
}

async function writeLines(
  tx: Tx,
  scheduleId: string,
  lines: ReturnType<typeof draftRows>['lines'],
) {
  await tx.delete(recurringInvoiceLines).where(eq(recurringInvoiceLines.scheduleId, scheduleId));
  const written = await tx
    .insert(recurringInvoiceLines)
    .values(lines.map((l) => ({ ...l, scheduleId })))
    .returning();
  return written.sort((a, b) => a.position - b.position);
}

export async function createRecurringInvoice(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: RecurringInvoiceValues,
  now = new Date(),
): Promise<RecurringInvoice> {
  const template = await templateOf(tx, customerId, input);
  const [row] = await tx
    .insert(recurringInvoices)
    .values({
      customerId,
      ...scheduleFields(input),
      currency: template.currency,
      discountBp: template.discountBp,
      ...(await nextRun(tx, null, patternOf(input), now)),
      updatedBy: actor.id,
    })
    .returning();
  if (!row) throw new Error('insert returned no row');
  const lines = await writeLines(tx, row.id, template.lines);
  await audit(tx, actor, 'recurring_invoice.create', row);
  return shown(row, lines);
}

/** A changed schedule runs next by its new pattern, never again for a period already run. */
export async function updateRecurringInvoice(
  tx: Tx,
  actor: Actor,
  id: string,
  input: RecurringInvoiceValues,
  now = new Date(),
): Promise<RecurringInvoice> {
  const current = await lock(tx, id);
  const template = await templateOf(tx, current.customerId, input);
  const [row] = await tx
    .update(recurringInvoices)
    .set({
      ...scheduleFields(input),
      currency: template.currency,
      discountBp: template.discountBp,
      ...(await nextRun(tx, current, patternOf(input), now)),
      updatedBy: actor.id,
      updatedAt: now,
    })
    .where(eq(recurringInvoices.id, id))
    .returning();
  if (!row) throw notFound(RECURRING_NOT_FOUND);
  const lines = await writeLines(tx, id, template.lines);
  await audit(tx, actor, 'recurring_invoice.update', row);
  return shown(row, lines);
}

/** Pause, or resume from the next period to come (periods passed while paused are not billed). */
export async function setRecurringInvoiceActive(
  tx: Tx,
  actor: Actor,
  id: string,
  active: boolean,
  now = new Date(),
): Promise<RecurringInvoice> {
  const current = await lock(tx, id);
  const next = active && !current.active ? await nextRun(tx, current, current, now) : {};
  const [row] = await tx
    .update(recurringInvoices)
    .set({ active, ...next, updatedBy: actor.id, updatedAt: now })
    .where(eq(recurringInvoices.id, id))
    .returning();
  if (!row) throw notFound(RECURRING_NOT_FOUND);
  if (active !== current.active)
    await audit(tx, actor, active ? 'recurring_invoice.resume' : 'recurring_invoice.pause', row);
  return shown(row, await templateLines(tx, [id]));
}

/** Deletes the schedule and its runs; the invoices it made stay. */
export async function deleteRecurringInvoice(tx: Tx, actor: Actor, id: string): Promise<void> {
  const row = await lock(tx, id);
  await tx.delete(recurringInvoices).where(eq(recurringInvoices.id, id));
  await audit(tx, actor, 'recurring_invoice.delete', row);
}

/** A schedule's runs, newest period first, with the invoice each made. */
export async function listRecurringInvoiceRuns(tx: Tx, id: string): Promise<RecurringInvoiceRun[]> {
  const [schedule] = await tx
    .select({ id: recurringInvoices.id })
    .from(recurringInvoices)
    .where(eq(recurringInvoices.id, id));
  if (!schedule) throw notFound(RECURRING_NOT_FOUND);
  const rows = await tx
    .select({
      periodOn: recurringInvoiceRuns.periodOn,
      invoiceId: recurringInvoiceRuns.invoiceId,
      invoiceNumber: invoices.number,
      state: invoices.state,
      totalMinor: invoices.totalMinor,
      currency: invoices.currency,
      error: recurringInvoiceRuns.error,
      createdAt: recurringInvoiceRuns.createdAt,
    })
    .from(recurringInvoiceRuns)
    .leftJoin(invoices, eq(invoices.id, recurringInvoiceRuns.invoiceId))
    .where(eq(recurringInvoiceRuns.scheduleId, id))
    .orderBy(desc(recurringInvoiceRuns.periodOn))
    .limit(120);
  return rows.map((r) => ({
    periodOn: r.periodOn,
    invoiceId: r.invoiceId,
    invoiceNumber: r.invoiceNumber,
    state: r.state,
    amount: r.totalMinor !== null && r.currency ? fromMinor(r.totalMinor, r.currency) : null,
    error: r.error,
    createdAt: r.createdAt.toISOString(),
  }));
}
