// The recurring invoices' worker (ADR 068): each due schedule is claimed with `for update skip
// locked`, and its period recorded once by the key (schedule, period) in the transaction that
// makes the invoice, so several app servers, a restart or a catch-up make each period's invoice
// once. After downtime each missed period is made in turn, dated for its own period.
import { and, asc, eq, lte, notInArray } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { recurringInvoiceRuns, recurringInvoices, users } from '../db/schema.ts';
import { HttpError } from '../lib/errors.ts';
import { fromMinor, fromScaled } from '../../shared/currency.ts';
import type { Actor } from './actor.ts';
import { createDraft } from './invoice-drafts.ts';
import { issueInvoice } from './invoice-states.ts';
import { daysAfter, nextRunAfter, periodOf, runInstant } from './recurring-periods.ts';
import { templateLines, type ScheduleRow } from './recurring-invoices.ts';

/** Schedules handled per round; a full round asks the poller for another at once. */
export const RECURRING_BATCH = 50;

type Write = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;

/**
 * Pays an issued recurring invoice with its company's saved method (autopay, ADR 067). Called
 * once the run has committed, never inside it: a charge asked for inside a transaction that
 * then rolled back would name an invoice that does not exist.
 */
export type AutopayRecurringInvoice = (invoiceId: string) => Promise<void>;

export type RecurringSweepOptions = {
  now?: Date;
  autopay?: AutopayRecurringInvoice;
  onError: (err: unknown, scheduleId: string) => void;
};

/** The number of a period's invoice: unique by the run's own key (schedule, period). */
export const recurringNumber = (row: ScheduleRow, periodOn: string) =>
  `R${periodOn.replaceAll('-', '')}-${row.id.replaceAll('-', '').slice(0, 12).toUpperCase()}`;

/** The staff member who last saved the schedule: the runs act in their name (audit). */
async function actorOf(tx: Tx, row: ScheduleRow): Promise<Actor> {
  const [user] = await tx
    .select({ email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .where(eq(users.id, row.updatedBy));
  const name = user ? `${user.first} ${user.last}`.trim() : 'Staff';
  return { id: row.updatedBy, email: user?.email ?? '', name: `${name} (recurring invoice)` };
}

/** The period's invoice from the template, by the drafting and issuing commands. */
async function makeInvoice(
  tx: Tx,
  row: ScheduleRow,
  periodOn: string,
  nextOn: string | null,
  now: Date,
): Promise<string> {
  const actor = await actorOf(tx, row);
  const lines = await templateLines(tx, [row.id]);
  const until = nextOn ? ` to ${daysAfter(nextOn, -1)}` : '';
  const input = {
    number: recurringNumber(row, periodOn),
    description: `${row.name}: ${periodOn}${until}`,
    issueDate: periodOn,
    dueDate: daysAfter(periodOn, row.paymentTermsDays),
    paymentUrl: null,
    currency: row.currency,
    discount: fromScaled(row.discountBp, 2),
    lines: lines.map((l) => ({
      description: l.description,
      quantity: fromScaled(l.quantityMilli, 3),
      unitPrice: fromMinor(l.unitPriceMinor, row.currency),
      taxRate: fromScaled(l.taxRateBp, 2),
      projectId: l.projectId,
      agreementId: l.agreementId,
      // A retainer bills its template, never logged hours.
      timeEntryIds: [],
    })),
  };
  // ... and its agreements' overage of closed periods not billed yet (ADR 074).
  const draft = await createDraft(tx, actor, row.customerId, input, { overageAsOf: now });
  if (row.action === 'draft') return draft.id;
  await issueInvoice(tx, actor, draft.id, { mail: row.action === 'issue-and-mail' });
  return draft.id;
}

/**
 * One due schedule, if any is free: its next period is recorded, its invoice made, and the
 * schedule moves on by one period (a later round takes the next if that is due too).
 * Returns undefined when nothing is due, else the invoice made (null: none) and whether it
 * was issued.
 */
async function runOne(
  tx: Tx,
  now: Date,
  skip: string[],
  picked: (id: string) => void,
): Promise<{ invoiceId: string | null; issued: boolean } | undefined> {
  const [row] = await tx
    .select()
    .from(recurringInvoices)
    .where(
      and(
        eq(recurringInvoices.active, true),
        lte(recurringInvoices.nextRunAt, now),
        skip.length > 0 ? notInArray(recurringInvoices.id, skip) : undefined,
      ),
    )
    .orderBy(asc(recurringInvoices.nextRunAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row?.nextRunOn) return undefined;
  picked(row.id);
  const periodOn = row.nextRunOn;
  const nextOn = nextRunAfter(row, periodOn);
  await tx
    .update(recurringInvoices)
    .set({ nextRunOn: nextOn, nextRunAt: nextOn ? runInstant(nextOn, row.timeZone) : null })
    .where(eq(recurringInvoices.id, row.id));
  // A run day already run, or a month already billed (the exclusion constraint), is no claim.
  const period = periodOf(row, periodOn);
  const [claimed] = await tx
    .insert(recurringInvoiceRuns)
    .values({ scheduleId: row.id, periodOn, periodStart: period.start, periodEnd: period.end })
    .onConflictDoNothing()
    .returning({ periodOn: recurringInvoiceRuns.periodOn });
  if (!claimed) return { invoiceId: null, issued: false };
  const key = and(
    eq(recurringInvoiceRuns.scheduleId, row.id),
    eq(recurringInvoiceRuns.periodOn, periodOn),
  );
  try {
    // A savepoint: a refused draft (currency changed, number taken) leaves the run recorded
    // with its reason instead of rolling the claim back and retrying it every round.
    const invoiceId = await tx.transaction((sp) => makeInvoice(sp, row, periodOn, nextOn, now));
    await tx.update(recurringInvoiceRuns).set({ invoiceId }).where(key);
    return { invoiceId, issued: row.action !== 'draft' };
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    await tx.update(recurringInvoiceRuns).set({ error: err.message }).where(key);
    return { invoiceId: null, issued: false };
  }
}

/**
 * Makes the invoices due at `now`, one period per transaction: a failing one rolls back alone,
 * is left for the next round and does not hold up the others. Returns how many it handled.
 */
export async function sweepRecurringInvoices(
  write: Write,
  { now = new Date(), autopay, onError }: RecurringSweepOptions,
): Promise<number> {
  let handled = 0;
  const failed: string[] = [];
  while (handled < RECURRING_BATCH) {
    let picked = '';
    try {
      const ran = await write((tx) =>
        runOne(tx, now, failed, (id) => {
          picked = id;
        }),
      );
      if (ran === undefined) break;
      handled++;
      // A crash between the commit and this call loses the charge, not the invoice: it is
      // issued and payable in the portal (ADR 067).
      if (ran.issued && ran.invoiceId) await autopay?.(ran.invoiceId);
    } catch (err) {
      if (!picked) throw err;
      onError(err, picked);
      failed.push(picked);
    }
  }
  return handled;
}
