// The follow-up window (issue 38, ADR 061): how long after its close a customer's reply
// reopens a ticket. One row at most; none means the shared default.
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { followUpWindow, tickets, ticketSlas } from '../../db/schema.ts';
import { DEFAULT_FOLLOW_UP_DAYS, type FollowUpWindow } from '../../../shared/schemas/follow-up.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';

export async function readFollowUpWindow(db: Db | Tx): Promise<FollowUpWindow> {
  const [row] = await db.select({ days: followUpWindow.days }).from(followUpWindow);
  return { days: row?.days ?? DEFAULT_FOLLOW_UP_DAYS };
}

/** Staff set the window; audited with what it replaced. */
export async function changeFollowUpWindow(
  tx: Tx,
  actor: Actor,
  { days }: FollowUpWindow,
): Promise<FollowUpWindow> {
  const before = await readFollowUpWindow(tx);
  await tx
    .insert(followUpWindow)
    .values({ id: true, days })
    .onConflictDoUpdate({ target: followUpWindow.id, set: { days, updatedAt: sql`now()` } });
  await recordAudit(tx, actor, {
    action: 'follow_up_window.update',
    entityType: 'follow_up_window',
    entityId: null,
    customerId: null,
    details: { before: before.days, after: days },
  });
  return { days };
}

/**
 * Until when a closed ticket may be reopened by its customer, or null (not closed, window
 * off, over, or merged). The close is the SLA clock's `resolved_at`; a ticket from before the clocks
 * (migration 0014) counts from its last change, which a closed ticket only gets by closing.
 */
export async function reopenUntil(db: Db | Tx, ticketId: string): Promise<Date | null> {
  const { days } = await readFollowUpWindow(db);
  if (days === 0) return null;
  const closedAt = sql`coalesce(${ticketSlas.resolvedAt}, ${tickets.updatedAt})`;
  const until = sql`${closedAt} + make_interval(days => ${days}::int)`;
  const [row] = await db
    .select({
      until: sql<Date>`${until}`.mapWith(ticketSlas.resolvedAt),
      open: sql<boolean>`${until} > now()`,
    })
    .from(tickets)
    .leftJoin(ticketSlas, eq(ticketSlas.ticketId, tickets.id))
    // A merged ticket is closed for good: its conversation goes on in the survivor (ADR 060).
    .where(
      and(
        eq(tickets.id, ticketId),
        eq(tickets.status, 'closed'),
        isNull(tickets.mergedIntoTicketId),
      ),
    );
  return row?.open ? row.until : null;
}
