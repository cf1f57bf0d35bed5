// A staff member's notices in the workspace (ADR 064): the SLA warnings and breaches the sweep
// (helpdesk/sla-alerts.ts) made for them; each reads only their own.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { customers, staffNotifications, tickets } from '../db/schema.ts';
import {
  STAFF_NOTIFICATIONS_SHOWN,
  type StaffNotifications,
} from '../../shared/schemas/staff-notifications.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';

/** The most recent notices of `userId` and how many of all theirs are unread. */
export async function listStaffNotifications(
  db: Db | Tx,
  userId: string,
): Promise<StaffNotifications> {
  const rows = await db
    .select({
      id: staffNotifications.id,
      ticketId: staffNotifications.ticketId,
      subject: tickets.subject,
      companyName: customers.name,
      clock: staffNotifications.clock,
      kind: staffNotifications.kind,
      dueAt: staffNotifications.dueAt,
      createdAt: staffNotifications.createdAt,
      readAt: staffNotifications.readAt,
    })
    .from(staffNotifications)
    .innerJoin(tickets, eq(tickets.id, staffNotifications.ticketId))
    .innerJoin(customers, eq(customers.id, tickets.customerId))
    .where(eq(staffNotifications.userId, userId))
    .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
    .limit(STAFF_NOTIFICATIONS_SHOWN);
  const [unread] = await db
    .select({ n: count() })
    .from(staffNotifications)
    .where(and(eq(staffNotifications.userId, userId), isNull(staffNotifications.readAt)));
  return {
    unread: unread?.n ?? 0,
    items: rows.map((r) => ({
      ...r,
      dueAt: r.dueAt.toISOString(),
      createdAt: r.createdAt.toISOString(),
      readAt: r.readAt ? r.readAt.toISOString() : null,
    })),
  };
}

/**
 * Marks the actor's own notices read: those listed, or all of them without a list. Another's
 * ids match nothing. Audited (every staff write is) with how many changed.
 */
export async function markStaffNotificationsRead(
  tx: Tx,
  actor: Actor,
  ids: string[] | undefined,
): Promise<StaffNotifications> {
  const marked = await tx
    .update(staffNotifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(staffNotifications.userId, actor.id),
        isNull(staffNotifications.readAt),
        ids ? inArray(staffNotifications.id, ids) : undefined,
      ),
    )
    .returning({ id: staffNotifications.id });
  await recordAudit(tx, actor, {
    action: 'staff_notification.read',
    entityType: 'staff_notification',
    entityId: null,
    customerId: null,
    details: { marked: marked.length },
  });
  return listStaffNotifications(tx, actor.id);
}
