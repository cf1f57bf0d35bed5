// Staff keep a company's scheduled tickets (issue 38 item 4, ADR 062): create, change, pause
// or resume, delete; each write audited. The worker that opens the runs is scheduled-ticket-sweep.ts.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  customerUsers,
  customers,
  scheduledTicketRuns,
  scheduledTickets,
  users,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import type {
  ScheduledTicket,
  ScheduledTicketValues,
} from '../../../shared/schemas/scheduled-tickets.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { checkAssignee } from './ticket-assignment.ts';
import { firstRunFrom, localDateOf, nextRunAfter, type SchedulePattern } from './schedule-runs.ts';

export const SCHEDULE_NOT_FOUND = 'Scheduled ticket not found';
export const SCHEDULE_COMPANY_UNKNOWN = 'Choose a company';
export const SCHEDULE_REQUESTER_OTHER_COMPANY = 'Requester must be an active user of this company';
export const SCHEDULE_FIRST_RUN_PAST = 'The first run is in the past';
export const SCHEDULE_COMPANY_FIXED = 'A scheduled ticket stays with its company';

type Row = typeof scheduledTickets.$inferSelect;

/** The stored day of the month: 0 is the month's last day. */
const LAST_DAY = 0;

type PatternColumns = Pick<
  Row,
  'frequency' | 'weekday' | 'monthDay' | 'quarterMonth' | 'timeOfDay' | 'timeZone'
>;

export const patternOf = (row: PatternColumns): SchedulePattern => ({
  frequency: row.frequency,
  weekday: row.weekday,
  monthDay: row.monthDay === LAST_DAY ? 'last' : row.monthDay,
  quarterMonth: row.quarterMonth,
  timeOfDay: row.timeOfDay,
  timeZone: row.timeZone,
});

/** Only the fields its frequency reads are kept, so a row never holds a stale weekday. */
function columnsOf(input: ScheduledTicketValues) {
  const monthly = input.frequency !== 'weekly';
  return {
    subject: input.subject,
    description: input.description,
    priority: input.priority,
    category: input.category,
    department: input.department,
    requesterUserId: input.requesterUserId ?? null,
    assigneeUserId: input.assigneeUserId ?? null,
    frequency: input.frequency,
    weekday: input.frequency === 'weekly' ? (input.weekday ?? null) : null,
    monthDay: monthly ? (input.monthDay === 'last' ? LAST_DAY : (input.monthDay ?? null)) : null,
    quarterMonth: input.frequency === 'quarterly' ? (input.quarterMonth ?? null) : null,
    timeOfDay: input.timeOfDay,
    timeZone: input.timeZone,
  };
}

type Columns = ReturnType<typeof columnsOf>;

/** The first run: the next after `now`, or the first from `startsOn`, which may not be past. */
function firstRun(c: Columns, startsOn: string | null, now: Date): Date {
  const pattern = patternOf(c);
  if (!startsOn) return nextRunAfter(pattern, now);
  const first = firstRunFrom(pattern, startsOn);
  if (startsOn < localDateOf(now, c.timeZone) || first <= now) {
    throw badRequest(SCHEDULE_FIRST_RUN_PAST);
  }
  return first;
}

async function checkPeople(tx: Tx, customerId: string, c: Columns) {
  const [company] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(eq(customers.id, customerId));
  if (!company) throw badRequest(SCHEDULE_COMPANY_UNKNOWN);
  if (c.requesterUserId) {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .innerJoin(customerUsers, eq(customerUsers.userId, users.id))
      .where(
        and(
          eq(users.id, c.requesterUserId),
          eq(customerUsers.customerId, customerId),
          eq(customerUsers.active, true),
          eq(users.active, true),
        ),
      );
    if (!member) throw badRequest(SCHEDULE_REQUESTER_OTHER_COMPANY);
  }
  if (c.assigneeUserId) await checkAssignee(tx, c.assigneeUserId);
}

const requester = alias(users, 'requester');
const assignee = alias(users, 'assignee');
const fullName = (u: typeof requester | typeof assignee) =>
  sql<string | null>`nullif(trim(${u.firstName} || ' ' || ${u.lastName}), '')`;

/** The company's schedules, oldest first, with names and the last ticket a run opened. */
export async function listScheduledTickets(
  tx: Tx,
  customerId: string,
  id?: string,
): Promise<ScheduledTicket[]> {
  const rows = await tx
    .select({
      row: scheduledTickets,
      requesterName: fullName(requester),
      assigneeName: fullName(assignee),
      lastTicketId: sql<string | null>`(
        select r.ticket_id from ${scheduledTicketRuns} r
        where r.schedule_id = ${scheduledTickets.id} and r.ticket_id is not null
        order by r.due_at desc limit 1)`,
    })
    .from(scheduledTickets)
    .leftJoin(requester, eq(requester.id, scheduledTickets.requesterUserId))
    .leftJoin(assignee, eq(assignee.id, scheduledTickets.assigneeUserId))
    .where(
      and(
        eq(scheduledTickets.customerId, customerId),
        id ? eq(scheduledTickets.id, id) : undefined,
      ),
    )
    .orderBy(asc(scheduledTickets.createdAt), desc(scheduledTickets.id));
  return rows.map(({ row, requesterName, assigneeName, lastTicketId }) => ({
    id: row.id,
    customerId: row.customerId,
    subject: row.subject,
    description: row.description,
    priority: row.priority,
    category: row.category,
    department: row.department,
    requesterUserId: row.requesterUserId,
    requesterName,
    assigneeUserId: row.assigneeUserId,
    assigneeName,
    ...patternOf(row),
    paused: row.paused,
    nextRunAt: row.paused ? null : row.nextRunAt.toISOString(),
    lastTicketId,
  }));
}

async function one(tx: Tx, row: Row): Promise<ScheduledTicket> {
  const [shown] = await listScheduledTickets(tx, row.customerId, row.id);
  if (!shown) throw notFound(SCHEDULE_NOT_FOUND);
  return shown;
}

export async function createScheduledTicket(
  tx: Tx,
  actor: Actor,
  input: ScheduledTicketValues,
  now = new Date(),
): Promise<ScheduledTicket> {
  const c = columnsOf(input);
  await checkPeople(tx, input.customerId, c);
  const nextRunAt = firstRun(c, input.startsOn, now);
  const [row] = await tx
    .insert(scheduledTickets)
    .values({ ...c, customerId: input.customerId, nextRunAt })
    .returning();
  if (!row) throw new Error('insert returned no row');
  await audit(tx, actor, 'scheduled_ticket.create', row);
  return one(tx, row);
}

async function lock(tx: Tx, id: string): Promise<Row> {
  const [row] = await tx
    .select()
    .from(scheduledTickets)
    .where(eq(scheduledTickets.id, id))
    .for('update');
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  return row;
}

/** A changed schedule runs next by its new pattern, from now (or its new start date). */
export async function updateScheduledTicket(
  tx: Tx,
  actor: Actor,
  id: string,
  input: ScheduledTicketValues,
  now = new Date(),
): Promise<ScheduledTicket> {
  const current = await lock(tx, id);
  if (current.customerId !== input.customerId) throw badRequest(SCHEDULE_COMPANY_FIXED);
  const c = columnsOf(input);
  await checkPeople(tx, input.customerId, c);
  const nextRunAt = firstRun(c, input.startsOn, now);
  const [row] = await tx
    .update(scheduledTickets)
    .set({ ...c, nextRunAt, updatedAt: sql`now()` })
    .where(eq(scheduledTickets.id, id))
    .returning();
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  await audit(tx, actor, 'scheduled_ticket.update', row);
  return one(tx, row);
}

/** Resuming starts from the next run after now: runs missed while paused are not opened. */
export async function pauseScheduledTicket(
  tx: Tx,
  actor: Actor,
  id: string,
  paused: boolean,
  now = new Date(),
): Promise<ScheduledTicket> {
  const current = await lock(tx, id);
  if (current.paused === paused) return one(tx, current);
  const nextRunAt = paused ? current.nextRunAt : nextRunAfter(patternOf(current), now);
  const [row] = await tx
    .update(scheduledTickets)
    .set({ paused, nextRunAt, updatedAt: sql`now()` })
    .where(eq(scheduledTickets.id, id))
    .returning();
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  await audit(tx, actor, paused ? 'scheduled_ticket.pause' : 'scheduled_ticket.resume', row);
  return one(tx, row);
}

export async function deleteScheduledTicket(tx: Tx, actor: Actor, id: string): Promise<void> {
  const [row] = await tx.delete(scheduledTickets).where(eq(scheduledTickets.id, id)).returning();
  if (!row) throw notFound(SCHEDULE_NOT_FOUND);
  await audit(tx, actor, 'scheduled_ticket.delete', row);
}

const audit = (tx: Tx, actor: Actor, action: string, row: Row) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'scheduled_ticket',
    entityId: row.id,
    customerId: row.customerId,
    details: { subject: row.subject, frequency: row.frequency },
  });
