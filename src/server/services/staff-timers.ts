// A staff member's timer on a ticket (issue 40 item 2, ADR 074): one row per member on the
// server, so it survives a reload, another device and another app server. Start, pause and
// resume; stopping logs its time through the ticket dialog's command and ends it, in one
// transaction. Seconds are counted from the database's clock, never the browser's.
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { staffTimers, tickets } from '../db/schema.ts';
import { conflict, notFound } from '../lib/errors.ts';
import { mergeMessages } from '../../shared/schemas/ticket-merge.ts';
import {
  TIMER_MESSAGES,
  type StaffTimer,
  type timerLogSchema,
} from '../../shared/schemas/staff-timer.ts';
import type { StaffTimeEntry } from '../../shared/schemas/time-entries.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { TICKET_NOT_FOUND } from './helpdesk/tickets.ts';
import { logTime } from './time-entries.ts';

/** Seconds counted so far: the earlier runs plus the current one, if running. */
const elapsed = sql<number>`(${staffTimers.elapsedSeconds} + coalesce(floor(extract(epoch from (now() - ${staffTimers.runningSince}))), 0))::int`;

/** The member's timer with its ticket, as the workspace shows it. */
export async function currentTimer(db: Db | Tx, userId: string): Promise<StaffTimer | null> {
  const [row] = await db
    .select({
      ticketId: staffTimers.ticketId,
      customerId: tickets.customerId,
      subject: tickets.subject,
      runningSince: staffTimers.runningSince,
      elapsedSeconds: elapsed,
    })
    .from(staffTimers)
    .innerJoin(tickets, eq(tickets.id, staffTimers.ticketId))
    .where(eq(staffTimers.userId, userId));
  if (!row) return null;
  const { runningSince, elapsedSeconds, ...rest } = row;
  return { ...rest, running: runningSince !== null, elapsedSeconds: Number(elapsedSeconds) };
}

/** The timer a command of this transaction has just written or locked (so it is there). */
async function timerAfterWrite(tx: Tx, userId: string): Promise<StaffTimer> {
  const timer = await currentTimer(tx, userId);
  if (!timer) throw notFound(TIMER_MESSAGES.none);
  return timer;
}

/** The member's timer row, locked: two tabs pausing at once take turns. */
async function lockTimer(tx: Tx, userId: string) {
  const [row] = await tx
    .select()
    .from(staffTimers)
    .where(eq(staffTimers.userId, userId))
    .for('update');
  if (!row) throw notFound(TIMER_MESSAGES.none);
  return row;
}

const audit = (tx: Tx, actor: Actor, action: string, ticketId: string, customerId: string) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'ticket',
    entityId: ticketId,
    customerId,
    details: {},
  });

async function customerOf(tx: Tx, ticketId: string) {
  const [ticket] = await tx
    .select({ customerId: tickets.customerId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  return ticket.customerId;
}

/** Starts the member's timer on a ticket; one already there (any ticket) is 409. */
export async function startTimer(tx: Tx, actor: Actor, ticketId: string): Promise<StaffTimer> {
  const [ticket] = await tx
    .select({ customerId: tickets.customerId, mergedInto: tickets.mergedIntoTicketId })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  // A merged ticket's time goes on its survivor, as Log Time refuses it.
  if (ticket.mergedInto) throw conflict(mergeMessages.alreadyMerged(ticketId, ticket.mergedInto));
  const [created] = await tx
    .insert(staffTimers)
    .values({ userId: actor.id, ticketId, runningSince: sql`now()` })
    .onConflictDoNothing()
    .returning({ userId: staffTimers.userId });
  if (!created) {
    const current = await lockTimer(tx, actor.id);
    throw conflict(TIMER_MESSAGES.running(current.ticketId));
  }
  await audit(tx, actor, 'ticket.timer_start', ticketId, ticket.customerId);
  return timerAfterWrite(tx, actor.id);
}

/** Pauses a running timer: its seconds so far are kept. */
export async function pauseTimer(tx: Tx, actor: Actor): Promise<StaffTimer> {
  const row = await lockTimer(tx, actor.id);
  if (row.runningSince === null) throw conflict(TIMER_MESSAGES.alreadyPaused);
  await tx
    .update(staffTimers)
    .set({ elapsedSeconds: elapsed, runningSince: null, updatedAt: sql`now()` })
    .where(eq(staffTimers.userId, actor.id));
  await audit(tx, actor, 'ticket.timer_pause', row.ticketId, await customerOf(tx, row.ticketId));
  return timerAfterWrite(tx, actor.id);
}

/** Runs a paused timer again. */
export async function resumeTimer(tx: Tx, actor: Actor): Promise<StaffTimer> {
  const row = await lockTimer(tx, actor.id);
  if (row.runningSince !== null) throw conflict(TIMER_MESSAGES.alreadyRunning);
  await tx
    .update(staffTimers)
    .set({ runningSince: sql`now()`, updatedAt: sql`now()` })
    .where(eq(staffTimers.userId, actor.id));
  await audit(tx, actor, 'ticket.timer_resume', row.ticketId, await customerOf(tx, row.ticketId));
  return timerAfterWrite(tx, actor.id);
}

/** Ends the timer without logging its time. */
export async function discardTimer(tx: Tx, actor: Actor): Promise<void> {
  const row = await lockTimer(tx, actor.id);
  await tx.delete(staffTimers).where(eq(staffTimers.userId, actor.id));
  await audit(tx, actor, 'ticket.timer_discard', row.ticketId, await customerOf(tx, row.ticketId));
}

/**
 * Stops the timer by logging the hours the Log Time dialog was given (prefilled from the
 * timer) on its ticket, through the dialog's own command; the timer ends with the entry, or
 * stays when the entry is refused.
 */
export async function logTimer(
  tx: Tx,
  actor: Actor,
  input: z.output<typeof timerLogSchema>,
  appUrl: string,
): Promise<StaffTimeEntry> {
  const row = await lockTimer(tx, actor.id);
  const customerId = await customerOf(tx, row.ticketId);
  const entry = await logTime(
    tx,
    actor,
    customerId,
    { ...input, ticketId: row.ticketId, projectId: null },
    appUrl,
  );
  await tx.delete(staffTimers).where(eq(staffTimers.userId, actor.id));
  return entry;
}
