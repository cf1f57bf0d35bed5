// Who hears of an event by mail (issue 21 item 2): the active members of the event's company
// whose role may see it (the permissions table) and whose switch for its kind is on. Queued in
// the event's own transaction, so a rolled-back write mails nobody; notification-outbox.ts
// writes the mails.
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../db/client.ts';
import { customerUsers, notificationPreferences, notifications, users } from '../db/schema.ts';
import { permissions, type Permission } from '../../shared/permissions.ts';
import type { NotificationKind } from '../../shared/schemas/notifications.ts';
import type { DomainEventType } from '../../shared/schemas/webhooks.ts';

export type Notice = {
  customerId: string;
  kind: NotificationKind;
  /** Who may see it: the permission its data needs. */
  permission: Permission;
  type: string;
  data: Record<string, unknown>;
};

/**
 * The profile switches' defaults (spec: invoices, projects, tickets and urgent alerts on;
 * maintenance off).
 */
const switchOn = {
  invoices: sql`coalesce(${notificationPreferences.emailInvoices}, true)`,
  projects: sql`coalesce(${notificationPreferences.emailProjects}, true)`,
  tickets: sql`coalesce(${notificationPreferences.emailTickets}, true)`,
  maintenance: sql`coalesce(${notificationPreferences.emailMaintenance}, false)`,
  incidents: sql`coalesce(${notificationPreferences.smsUrgent}, true)`,
} as const satisfies Record<NotificationKind, unknown>;

/** Queues the notice for each member who should get it; returns how many. */
export async function queueNotice(tx: Tx, notice: Notice): Promise<number> {
  const rows = await tx
    .select({
      userId: users.id,
      digest: sql<boolean>`coalesce(${notificationPreferences.emailDigest}, false)`,
    })
    .from(customerUsers)
    .innerJoin(users, eq(users.id, customerUsers.userId))
    .leftJoin(notificationPreferences, eq(notificationPreferences.userId, users.id))
    .where(
      and(
        eq(customerUsers.customerId, notice.customerId),
        eq(customerUsers.active, true),
        eq(users.active, true),
        inArray(customerUsers.role, [...permissions[notice.permission]]),
        switchOn[notice.kind],
      ),
    );
  if (rows.length === 0) return 0;
  await tx.insert(notifications).values(
    rows.map((r) => ({
      userId: r.userId,
      customerId: notice.customerId,
      kind: notice.kind,
      type: notice.type,
      data: notice.data,
      // An urgent alert never waits for tomorrow's digest (ADR 079).
      digest: notice.kind === 'incidents' ? false : r.digest,
    })),
  );
  return rows.length;
}

/**
 * The notice an event makes, or null for events mailed elsewhere (tickets: ticket-mails.ts,
 * with the ticket's own readers and threading). Documents follow what they belong to; a
 * document of neither an invoice nor a project is announced with the projects' switch to
 * everyone who sees documents (ADR 034).
 */
export function noticeOf(event: {
  type: DomainEventType;
  customerId: string | null;
  data: Record<string, unknown>;
}): Notice | null {
  if (!event.customerId) return null;
  const base = { customerId: event.customerId, type: event.type, data: event.data };
  switch (event.type) {
    case 'invoice.created':
    case 'invoice.overdue':
    case 'invoice.paid':
    case 'invoice.void':
      return { ...base, kind: 'invoices', permission: 'invoices' };
    case 'project.status_changed':
    case 'milestone.completed':
      return { ...base, kind: 'projects', permission: 'projects' };
    case 'maintenance.scheduled':
      return { ...base, kind: 'maintenance', permission: 'sites' };
    // An agreement's hours are billing news: its admins and billing users (ADR 071).
    case 'agreement.low_balance':
      return { ...base, kind: 'invoices', permission: 'agreementHours' };
    case 'agreement.renewal_due':
      return { ...base, kind: 'invoices', permission: 'agreementRenewal' };
    // The company's other signers hear that it is decided (ADR 072); the quote's own mail went
    // to its recipient when it was sent, so `quote.sent` tells no one here.
    case 'quote.accepted':
    case 'quote.declined':
      return { ...base, kind: 'invoices', permission: 'quotes' };
    case 'document.added': {
      const category = event.data.category;
      if (category === 'invoice') return { ...base, kind: 'invoices', permission: 'invoices' };
      if (category === 'project' || event.data.projectId)
        return { ...base, kind: 'projects', permission: 'projects' };
      return { ...base, kind: 'projects', permission: 'documents' };
    }
    default:
      return null;
  }
}
