// The worker's round (ADR 062): each due schedule is claimed with `for update skip locked`
// and its run recorded once by the key (schedule, due time) in the transaction that opens the
// ticket, so several app servers sweeping together open each run once.
import { ticketWorker } from './ticket-assignment.ts';
import { and, asc, eq, lte, notInArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { customerUsers, scheduledTicketRuns, scheduledTickets, users } from '../../db/schema.ts';
import type { Actor } from '../actor.ts';
import { openTicket } from './open-ticket.ts';
import type { TicketMailConfig } from './ticket-mails.ts';
import { latestDueRun, nextRunAfter } from './schedule-runs.ts';
import { patternOf } from './scheduled-tickets.ts';

/** Schedules handled per round; a full round asks the poller for another at once. */
export const SWEEP_BATCH = 50;

type Write = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
type Row = typeof scheduledTickets.$inferSelect;

const activeMember = (customerId: string) =>
  and(
    eq(customerUsers.customerId, customerId),
    eq(customerUsers.active, true),
    eq(users.active, true),
  );

/** The chosen requester while still an active user of the company, else its first active admin. */
async function requesterOf(tx: Tx, row: Row): Promise<Actor | undefined> {
  const [user] = await tx
    .select({ id: users.id, email: users.email, first: users.firstName, last: users.lastName })
    .from(users)
    .innerJoin(customerUsers, eq(customerUsers.userId, users.id))
    .where(
      row.requesterUserId
        ? and(activeMember(row.customerId), eq(users.id, row.requesterUserId))
        : and(activeMember(row.customerId), eq(customerUsers.role, 'admin')),
    )
    .orderBy(asc(customerUsers.createdAt), asc(users.email))
    .limit(1);
  if (!user && row.requesterUserId) return requesterOf(tx, { ...row, requesterUserId: null });
  return user && { id: user.id, email: user.email, name: `${user.first} ${user.last}`.trim() };
}

/** A schedule's agent who still works tickets (not deactivated or given another role since). */
const assigneeStillStaff = async (tx: Tx, userId: string): Promise<boolean> =>
  (await ticketWorker(tx, userId))?.worksTickets === true;

/**
 * One due schedule, if any is free: its latest due run (the missed ones fold into it) is
 * recorded and opened, and the schedule moves to its first run after `now`.
 * Returns undefined when nothing is due, else the ticket opened (null: none, see ADR 062).
 */
async function runOne(
  tx: Tx,
  config: TicketMailConfig,
  now: Date,
  skip: string[],
  picked: (id: string) => void,
): Promise<string | null | undefined> {
  const [row] = await tx
    .select()
    .from(scheduledTickets)
    .where(
      and(
        eq(scheduledTickets.paused, false),
        lte(scheduledTickets.nextRunAt, now),
        skip.length > 0 ? notInArray(scheduledTickets.id, skip) : undefined,
      ),
    )
    .orderBy(asc(scheduledTickets.nextRunAt))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!row) return undefined;
  picked(row.id);
  const pattern = patternOf(row);
  const dueAt = latestDueRun(pattern, row.nextRunAt, now);
  await tx
    .update(scheduledTickets)
    .set({ nextRunAt: nextRunAfter(pattern, dueAt) })
    .where(eq(scheduledTickets.id, row.id));
  const [claimed] = await tx
    .insert(scheduledTicketRuns)
    .values({ scheduleId: row.id, dueAt })
    .onConflictDoNothing()
    .returning({ dueAt: scheduledTicketRuns.dueAt });
  if (!claimed) return null;
  const author = await requesterOf(tx, row);
  if (!author) return null;
  const ticketId = await openTicket(tx, config, author, {
    customerId: row.customerId,
    input: {
      subject: row.subject,
      description: row.description,
      priority: row.priority,
      category: row.category,
      department: row.department,
      private: false,
    },
    // The schedule's own agent, while still staff, in place of the assignment rule (ADR 063).
    ...(row.assigneeUserId && (await assigneeStillStaff(tx, row.assigneeUserId))
      ? { assigneeId: row.assigneeUserId }
      : {}),
  });
  await tx
    .update(scheduledTicketRuns)
    .set({ ticketId })
    .where(and(eq(scheduledTicketRuns.scheduleId, row.id), eq(scheduledTicketRuns.dueAt, dueAt)));
  return ticketId;
}

/**
 * Opens the runs due at `now`, one schedule per transaction: a failing one rolls back alone,
 * is left for the next round and does not hold up the others. Returns how many it handled.
 */
export async function sweepScheduledTickets(
  write: Write,
  config: TicketMailConfig,
  { now = new Date(), onError }: { now?: Date; onError: (err: unknown, id: string) => void },
): Promise<number> {
  let handled = 0;
  const failed: string[] = [];
  while (handled < SWEEP_BATCH) {
    let picked = '';
    try {
      const ran = await write((tx) =>
        runOne(tx, config, now, failed, (id) => {
          picked = id;
        }),
      );
      if (ran === undefined) break;
      handled++;
    } catch (err) {
      if (!picked) throw err;
      onError(err, picked);
      failed.push(picked);
    }
  }
  return handled;
}
