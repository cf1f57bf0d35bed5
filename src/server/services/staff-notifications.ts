// A staff member's notices in the workspace (ADRs 064, 075): the SLA warnings and breaches the
// sweep (helpdesk/sla-alerts.ts) made, and the agreement and quote notices made beside their
// claim or decision; each reads only their own.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { agreements, customers, quotes, staffNotifications, tickets, users } from '../db/schema.ts';
import {
  STAFF_NOTIFICATIONS_SHOWN,
  staffNotificationSchema,
  type AgreementNoticeKind,
  type QuoteNoticeKind,
  type StaffNotifications,
} from '../../shared/schemas/staff-notifications.ts';
import { staffAreas } from '../../shared/staff-permissions.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';

/** The staff who keep agreements and quotes: the invoices area's writers (admin, billing). */
function billingStaff(tx: Tx) {
  return tx
    .select({ id: users.id, email: users.email, firstName: users.firstName })
    .from(users)
    .where(
      and(
        eq(users.role, 'staff'),
        eq(users.active, true),
        inArray(users.staffRole, [...staffAreas.invoices.write]),
      ),
    );
}

/**
 * One notice of an agreement or a quote for each of the staff who keep them, in the caller's
 * transaction — the alert's claim or the customer's decision — so it is made exactly once.
 * Returns those staff (the agreement alerts mail them too).
 */
export async function noticeBillingStaff(
  tx: Tx,
  subject:
    { kind: AgreementNoticeKind; agreementId: string } | { kind: QuoteNoticeKind; quoteId: string },
) {
  const staff = await billingStaff(tx);
  if (staff.length > 0) {
    await tx.insert(staffNotifications).values(staff.map((s) => ({ userId: s.id, ...subject })));
  }
  return staff;
}

/**
 * A row as the bell reads it: the fields its subject sets (the check constraint guarantees
 * which), read by the list item's own schema so a row of another shape fails loudly.
 */
function noticeOf(
  row: Record<string, unknown> & {
    ticketId: string | null;
    agreementId: string | null;
    dueAt: Date | null;
    createdAt: Date;
    readAt: Date | null;
  },
) {
  const set = Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null));
  return staffNotificationSchema.parse({
    ...set,
    about: row.ticketId ? 'ticket' : row.agreementId ? 'agreement' : 'quote',
    dueAt: row.dueAt?.toISOString(),
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  });
}

/** The most recent notices of `userId` and how many of all theirs are unread. */
export async function listStaffNotifications(
  db: Db | Tx,
  userId: string,
): Promise<StaffNotifications> {
  const rows = await db
    .select({
      id: staffNotifications.id,
      kind: staffNotifications.kind,
      ticketId: staffNotifications.ticketId,
      subject: tickets.subject,
      clock: staffNotifications.clock,
      dueAt: staffNotifications.dueAt,
      agreementId: staffNotifications.agreementId,
      agreementName: agreements.name,
      quoteId: staffNotifications.quoteId,
      quoteNumber: quotes.number,
      quoteTitle: quotes.title,
      customerId: customers.id,
      companyName: customers.name,
      createdAt: staffNotifications.createdAt,
      readAt: staffNotifications.readAt,
    })
    .from(staffNotifications)
    .leftJoin(tickets, eq(tickets.id, staffNotifications.ticketId))
    .leftJoin(agreements, eq(agreements.id, staffNotifications.agreementId))
    .leftJoin(quotes, eq(quotes.id, staffNotifications.quoteId))
    // Exactly one subject is set, so exactly one of these names the company.
    .innerJoin(
      customers,
      eq(
        customers.id,
        sql`coalesce(${tickets.customerId}, ${agreements.customerId}, ${quotes.customerId})`,
      ),
    )
    .where(eq(staffNotifications.userId, userId))
    .orderBy(desc(staffNotifications.createdAt), desc(staffNotifications.id))
    .limit(STAFF_NOTIFICATIONS_SHOWN);
  const [unread] = await db
    .select({ n: count() })
    .from(staffNotifications)
    .where(and(eq(staffNotifications.userId, userId), isNull(staffNotifications.readAt)));
  return { unread: unread?.n ?? 0, items: rows.map(noticeOf) };
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
