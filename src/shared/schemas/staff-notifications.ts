import { z } from 'zod';
import { RENEWAL_NOTICE_DAYS } from './agreements.ts';
import { slaClockKinds } from './sla.ts';

/** What a staff notice says about a ticket's SLA target (ADR 064): 75 % gone, or past due. */
export const slaAlertKinds = ['warning', 'breach'] as const;
export type SlaAlertKind = (typeof slaAlertKinds)[number];

/** The bell's notices about an agreement (ADR 075): its hours 80 % and 100 % used, its end near. */
export const agreementNoticeKinds = [
  'agreement-used-80',
  'agreement-used-100',
  'agreement-renewal',
] as const;
/** The bell's notices about a quote a customer decided (ADR 075); staff sent it, so no "sent". */
export const quoteNoticeKinds = ['quote-accepted', 'quote-declined'] as const;
/** Every kind of staff notice; each names exactly its subject (a check constraint says so). */
export const staffNoticeKinds = [
  ...slaAlertKinds,
  ...agreementNoticeKinds,
  ...quoteNoticeKinds,
] as const;
export type StaffNoticeKind = (typeof staffNoticeKinds)[number];
export type AgreementNoticeKind = (typeof agreementNoticeKinds)[number];
export type QuoteNoticeKind = (typeof quoteNoticeKinds)[number];

const noticeBase = {
  id: z.string(),
  customerId: z.string(),
  companyName: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
};

export const staffNotificationSchema = z.discriminatedUnion('about', [
  z.object({
    ...noticeBase,
    about: z.literal('ticket'),
    ticketId: z.string(),
    subject: z.string(),
    clock: z.enum(slaClockKinds),
    kind: z.enum(slaAlertKinds),
    /** The target's due instant when the notice was made. */
    dueAt: z.string(),
  }),
  z.object({
    ...noticeBase,
    about: z.literal('agreement'),
    agreementId: z.string(),
    agreementName: z.string(),
    kind: z.enum(agreementNoticeKinds),
  }),
  z.object({
    ...noticeBase,
    about: z.literal('quote'),
    quoteId: z.string(),
    quoteNumber: z.string(),
    quoteTitle: z.string(),
    kind: z.enum(quoteNoticeKinds),
  }),
]);
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

/** The bell's line for any notice: an SLA notice's as its mail says, the others by their subject. */
export function staffNoticeText(n: StaffNotification) {
  switch (n.about) {
    case 'ticket':
      return staffNoticeTitle(n);
    case 'agreement':
      return {
        'agreement-used-80': `${n.agreementName}: 80 % of the hours used`,
        'agreement-used-100': `${n.agreementName}: all the hours used`,
        'agreement-renewal': `${n.agreementName}: ends within ${RENEWAL_NOTICE_DAYS} days, renewal due`,
      }[n.kind];
    case 'quote':
      return `${n.quoteNumber} ${n.kind === 'quote-accepted' ? 'accepted' : 'declined'}`;
  }
}
