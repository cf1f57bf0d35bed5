// Closed days (holidays) of the help desk's clock (ADR 035 addendum): staff keep the list; every
// change moves the clocks still running, in the same transaction, and is audited.
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { closedDays } from '../../db/schema.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import {
  dayNumberOf,
  isWorkingWeekday,
  localDateOf,
  type BusinessHours,
} from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import {
  CLOSED_DAY_MESSAGES,
  CLOSED_DAYS_AHEAD_DAYS,
  type ClosedDay,
  type ClosedDayInput,
} from '../../../shared/schemas/sla.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { closedDaysFrom, readBusinessHours, rescheduleRunningClocks } from './sla.ts';

/** A real working weekday within the window the clocks read; else a 400 saying which rule. */
function checkDay(day: string, now = new Date()) {
  const number = dayNumberOf(day);
  if (Number.isNaN(number)) throw badRequest(CLOSED_DAY_MESSAGES.date);
  const hours: BusinessHours = company.businessHours;
  const today = dayNumberOf(localDateOf(now, hours));
  if (number < dayNumberOf(closedDaysFrom(now)) || number > today + CLOSED_DAYS_AHEAD_DAYS) {
    throw badRequest(CLOSED_DAY_MESSAGES.window);
  }
  if (!isWorkingWeekday(number, hours)) {
    throw badRequest(CLOSED_DAY_MESSAGES.weekday);
  }
}

export async function addClosedDay(tx: Tx, actor: Actor, input: ClosedDayInput) {
  checkDay(input.day);
  const [row] = await tx
    .insert(closedDays)
    .values(input)
    .onConflictDoNothing()
    .returning({ day: closedDays.day, name: closedDays.name });
  if (!row) throw conflict(CLOSED_DAY_MESSAGES.taken);
  const moved = await rescheduleRunningClocks(tx, await readBusinessHours(tx));
  await audit(tx, actor, 'closed_day.create', row, moved);
  return row;
}

export async function removeClosedDay(tx: Tx, actor: Actor, day: string): Promise<void> {
  if (Number.isNaN(dayNumberOf(day))) throw badRequest(CLOSED_DAY_MESSAGES.date);
  const [row] = await tx
    .delete(closedDays)
    .where(eq(closedDays.day, day))
    .returning({ day: closedDays.day, name: closedDays.name });
  if (!row) throw notFound(CLOSED_DAY_MESSAGES.unknown);
  const moved = await rescheduleRunningClocks(tx, await readBusinessHours(tx));
  await audit(tx, actor, 'closed_day.delete', row, moved);
}

const audit = (tx: Tx, actor: Actor, action: string, row: ClosedDay, moved: number) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'closed_day',
    entityId: row.day,
    customerId: null,
    details: { name: row.name, clocksMoved: moved },
  });
