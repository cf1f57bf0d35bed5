// Hours staff log for a company (issue 20), on one of its tickets or none (issue 38); they feed
// its dashboard's "This Month's Hours" and the ticket screen's "Time".
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { agreements, projects, tickets, timeEntries, users } from '../db/schema.ts';
import { badRequest, conflict, notFound } from '../lib/errors.ts';
import {
  TICKET_NOT_OF_COMPANY,
  type StaffTimeEntry,
  type TicketTime,
  type timeEntryInputSchema,
} from '../../shared/schemas/time-entries.ts';
import { mergeMessages } from '../../shared/schemas/ticket-merge.ts';
import { AGREEMENT_MESSAGES } from '../../shared/schemas/agreements.ts';
import { claimHoursAlerts } from './agreement-alerts.ts';
import { lockAgreement } from './agreements.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { TICKET_NOT_FOUND } from './helpdesk/tickets.ts';
import { requireProjectOf } from './projects.ts';

/**
 * The ticket hours are logged on: of this company (400), not merged (409: its time went to the
 * survivor). Its row is share-locked, so a merge running now either waits for this entry and
 * moves it, or commits first and this refuses.
 */
async function requireOpenTicketOf(tx: Tx, customerId: string, ticketId: string) {
  const [ticket] = await tx
    .select({ customerId: tickets.customerId, mergedInto: tickets.mergedIntoTicketId })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .for('share');
  if (ticket?.customerId !== customerId) throw badRequest(TICKET_NOT_OF_COMPANY);
  if (ticket.mergedInto) throw conflict(mergeMessages.alreadyMerged(ticketId, ticket.mergedInto));
}

/**
 * The agreement the hours draw down: of this company (400), active (409) and covering the work
 * date (409). Its row is locked, so entries on it take turns: each reads the ones before it
 * when it checks the hours alerts, and an end or edit waits for it.
 */
async function requireOpenAgreementOf(
  tx: Tx,
  customerId: string,
  agreementId: string,
  workDate: string,
) {
  const [exists] = await tx
    .select({ customerId: agreements.customerId })
    .from(agreements)
    .where(eq(agreements.id, agreementId));
  if (exists?.customerId !== customerId) throw badRequest(AGREEMENT_MESSAGES.notOfCompany);
  const agreement = await lockAgreement(tx, agreementId);
  if (agreement.status === 'ended') throw conflict(AGREEMENT_MESSAGES.ended);
  if (workDate < agreement.startsOn || (agreement.endsOn !== null && workDate > agreement.endsOn))
    throw conflict(AGREEMENT_MESSAGES.outsideDates);
  return agreement;
}

/** Logs the actor's hours for a company, on one of its projects and one of its tickets, or none. */
export async function logTime(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: z.output<typeof timeEntryInputSchema>,
  appUrl: string,
): Promise<StaffTimeEntry> {
  await requireCompany(tx, customerId);
  const project = input.projectId ? await requireProjectOf(tx, customerId, input.projectId) : null;
  if (input.ticketId) await requireOpenTicketOf(tx, customerId, input.ticketId);
  const agreement = input.agreementId
    ? await requireOpenAgreementOf(tx, customerId, input.agreementId, input.workDate)
    : null;
  const [row] = await tx
    .insert(timeEntries)
    .values({
      customerId,
      projectId: input.projectId,
      ticketId: input.ticketId,
      userId: actor.id,
      workDate: input.workDate,
      hours: input.hours.toFixed(2),
      description: input.description,
      agreementId: agreement?.id ?? null,
      billable: input.billable,
    })
    .returning();
  if (!row) throw new Error('time entry not created');
  if (agreement && row.billable) await claimHoursAlerts(tx, agreement, row.workDate, appUrl);
  await recordAudit(tx, actor, {
    action: 'time_entry.create',
    entityType: 'time_entry',
    entityId: row.id,
    customerId,
    details: {
      workDate: row.workDate,
      hours: row.hours,
      ticketId: row.ticketId,
      agreementId: row.agreementId,
      billable: row.billable,
    },
  });
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: project?.name ?? null,
    ticketId: row.ticketId,
    workDate: row.workDate,
    hours: Number(row.hours),
    description: row.description,
    loggedBy: actor.name,
    agreementId: row.agreementId,
    billable: row.billable,
  };
}

/** A time entry as staff read it (the company's list and a ticket's), with projects and users joined. */
export const timeEntryColumns = () => ({
  id: timeEntries.id,
  projectId: timeEntries.projectId,
  projectName: projects.name,
  ticketId: timeEntries.ticketId,
  workDate: timeEntries.workDate,
  hours: timeEntries.hours,
  description: timeEntries.description,
  loggedBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
  agreementId: timeEntries.agreementId,
  billable: timeEntries.billable,
});

/**
 * A ticket's time, newest work day first, and its sum (summed as numeric: no float drift). A
 * ticket holds a handful of entries, so they are read whole; a merged ticket's are on its survivor.
 */
export async function readTicketTime(db: Db, ticketId: string): Promise<TicketTime> {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.id, ticketId));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  const rows = await db
    .select(timeEntryColumns())
    .from(timeEntries)
    .leftJoin(projects, eq(projects.id, timeEntries.projectId))
    .leftJoin(users, eq(users.id, timeEntries.userId))
    .where(eq(timeEntries.ticketId, ticketId))
    .orderBy(desc(timeEntries.workDate), desc(timeEntries.createdAt), desc(timeEntries.id));
  const [sum] = await db
    .select({ total: sql<string>`coalesce(sum(${timeEntries.hours}), 0)` })
    .from(timeEntries)
    .where(eq(timeEntries.ticketId, ticketId));
  return {
    totalHours: Number(sum?.total ?? 0),
    entries: rows.map((r) => ({ ...r, hours: Number(r.hours) })),
  };
}

/** The minutes logged on a ticket the viewer sees (`visible`: its company's and role's rule). */
export async function ticketMinutes(db: Db, visible: SQL | undefined, ticketId: string) {
  const [ticket] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), visible));
  if (!ticket) throw notFound(TICKET_NOT_FOUND);
  const [sum] = await db
    .select({ minutes: sql<string>`coalesce(round(sum(${timeEntries.hours}) * 60), 0)` })
    .from(timeEntries)
    .where(eq(timeEntries.ticketId, ticketId));
  return { minutes: Number(sum?.minutes ?? 0) };
}
