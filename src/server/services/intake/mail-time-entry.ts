// The time an agent's mail reply logs (ADR 074): through the ticket dialog's one command
// (`logTime`), billable, on the company's single active agreement as the dialog defaults. A
// refusal never loses the reply: the agent reads why in an internal note on the ticket.
import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { agreements } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import { company } from '../../../shared/company.ts';
import { staffCan, type StaffRole } from '../../../shared/staff-permissions.ts';
import type { Actor } from '../actor.ts';
import { addNote } from '../helpdesk/ticket-notes.ts';
import { localDateOf } from '../helpdesk/schedule-runs.ts';
import { logTime } from '../time-entries.ts';
import { hoursOfMinutes, type MailTime } from './mail-time.ts';

type Ticket = { id: string; customerId: string };

/** The company's only active agreement, as the dialog picks it; none with two or more. */
async function defaultAgreement(tx: Tx, customerId: string) {
  const active = await tx
    .select({ id: agreements.id, timeZone: agreements.timeZone })
    .from(agreements)
    .where(and(eq(agreements.customerId, customerId), eq(agreements.status, 'active')))
    .limit(2);
  return active.length === 1 ? active[0] : undefined;
}

/** Why the minutes were not logged, or undefined when they were. */
async function logMinutes(
  tx: Tx,
  actor: Actor,
  ticket: Ticket,
  minutes: number,
  appUrl: string,
): Promise<string | undefined> {
  const agreement = await defaultAgreement(tx, ticket.customerId);
  // The agent's day where the hours draw down: the agreement's zone, else the office's.
  const zone = agreement?.timeZone ?? company.businessHours.timeZone;
  try {
    // A savepoint: a refusal leaves nothing of the entry, and the reply still goes in.
    await tx.transaction((sp) =>
      logTime(
        sp,
        actor,
        ticket.customerId,
        {
          ticketId: ticket.id,
          projectId: null,
          workDate: localDateOf(new Date(), zone),
          hours: hoursOfMinutes(minutes),
          description: 'Logged by mail reply',
          agreementId: agreement?.id ?? null,
          billable: true,
        },
        appUrl,
      ),
    );
    return undefined;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode < 500) return err.message;
    throw err;
  }
}

/**
 * Logs what the reply's `time:` line said, or notes on the ticket why not: a bad value, a
 * staff role that logs no time, or the command's refusal (a closed agreement, a merged ticket).
 */
export async function logMailTime(
  tx: Tx,
  sender: { actor: Actor; staffRole: StaffRole | null },
  ticket: Ticket,
  time: MailTime,
  appUrl: string,
): Promise<void> {
  if (time.kind === 'none') return;
  const refused =
    time.kind === 'refused'
      ? time.reason
      : !staffCan(sender.staffRole, 'timeEntries', 'write')
        ? 'Your staff role does not log time'
        : await logMinutes(tx, sender.actor, ticket, time.minutes, appUrl);
  if (refused === undefined) return;
  await addNote(tx, sender.actor, {
    ticketId: ticket.id,
    body: `Time from your mail reply was not logged. ${refused.replace(/\.$/, '')}. Log it with Log Time on this ticket.`,
  });
}
