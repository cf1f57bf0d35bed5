import { z } from 'zod';

// Notification mails (issue 21 item 2): which profile switch each kind of mail answers to,
// and how a user takes them (each as it happens, or one daily digest).

/** The kinds a notification mail belongs to; each is one switch of the profile's card. */
export const notificationKinds = [
  'invoices',
  'projects',
  'tickets',
  'maintenance',
  'incidents',
] as const;
export type NotificationKind = (typeof notificationKinds)[number];

/** Kind -> the preference column that turns its mails on. */
export const notificationSwitch = {
  invoices: 'emailInvoices',
  projects: 'emailProjects',
  tickets: 'emailTickets',
  maintenance: 'emailMaintenance',
  // The profile's "Urgent alerts: critical incidents affecting your sites" (ADR 079): mailed
  // while no SMS sender exists.
  incidents: 'smsUrgent',
} as const satisfies Record<NotificationKind, string>;

/** Named in mails and on the unsubscribe page. */
export const notificationKindLabels: Record<NotificationKind, string> = {
  invoices: 'invoice',
  projects: 'project',
  tickets: 'ticket',
  maintenance: 'maintenance',
  incidents: 'urgent alert',
};

export const notificationDeliveries = ['each', 'daily'] as const;
export type NotificationDelivery = (typeof notificationDeliveries)[number];
export const notificationDeliverySchema = z.object({
  delivery: z.enum(notificationDeliveries, {
    error: 'Delivery must be each or daily',
  }),
});

/** The invoice reminders: days from the due date (before, on, after), until paid. */
export const invoiceReminderOffsets = [-3, 0, 7, 14] as const;

/** The hour (UTC) the daily digest goes out. */
export const DIGEST_HOUR_UTC = 7;
