import { z } from 'zod';
import { slaClockKinds } from './sla.ts';

/** What a staff notice says about a ticket's SLA target (ADR 064): 75 % gone, or past due. */
export const slaAlertKinds = ['warning', 'breach'] as const;
export type SlaAlertKind = (typeof slaAlertKinds)[number];

export const staffNotificationSchema = z.object({
  id: z.string(),
  ticketId: z.string(),
  subject: z.string(),
  companyName: z.string(),
  clock: z.enum(slaClockKinds),
  kind: z.enum(slaAlertKinds),
  /** The target's due instant when the notice was made. */
  dueAt: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type StaffNotification = z.infer<typeof staffNotificationSchema>;

/** The header's list: the most recent notices and how many are unread. */
export const staffNotificationsSchema = z.object({
  unread: z.number(),
  items: z.array(staffNotificationSchema),
});
export type StaffNotifications = z.infer<typeof staffNotificationsSchema>;

/** How many recent notices the list shows (older ones stay in the table, unread or not). */
export const STAFF_NOTIFICATIONS_SHOWN = 20;

const clockLabels = { 'first-response': 'First response', resolution: 'Resolution' } as const;

/** One line per notice, the same in the workspace and the mail. */
export function staffNoticeTitle(n: {
  ticketId: string;
  clock: (typeof slaClockKinds)[number];
  kind: SlaAlertKind;
}) {
  const what = clockLabels[n.clock];
  return n.kind === 'warning'
    ? `${n.ticketId}: ${what} target 75 % used`
    : `${n.ticketId}: ${what} target breached`;
}

/** Which notices to mark read: the ids given (at most a page's worth), or all without. */
/** Which of one's notices to mark read: some by id, or all of them; never by default. */
export const markStaffNotificationsReadSchema = z.union(
  [
    z.object({
      ids: z
        .array(z.uuid('Notification not found'))
        .min(1, 'Say which notifications to mark read')
        .max(STAFF_NOTIFICATIONS_SHOWN * 5, 'Mark at most 100 notifications at once'),
    }),
    z.object({ all: z.literal(true) }),
  ],
  { message: 'Say which notifications to mark read' },
);
