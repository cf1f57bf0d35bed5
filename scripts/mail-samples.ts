// Every mail the product sends, rendered with sample data: written out by `npm run mail:preview`
// (scripts/mail-preview.ts) and laid out at 390 px by tests/e2e/widths-mails.spec.ts.
import type { MailMessage } from '../src/server/services/mail-outbox.ts';
import { signInMail, codesTurnedOffMail } from '../src/server/modules/auth/sign-in-mail.tsx';
import {
  addressTakenMail,
  changeReportedMail,
  changeRequestedNoticeMail,
  confirmNewAddressMail,
} from '../src/server/modules/auth/email-change-mails.tsx';
import * as contact from '../src/server/modules/contact/mails.tsx';
import * as quote from '../src/server/modules/quote/mails.tsx';
import { welcomeMail } from '../src/server/services/welcome-mail.tsx';
import { paymentReceiptMail } from '../src/server/services/online-payments/receipt-mail.tsx';
import { passkeyAddedMail } from '../src/server/services/passkey-mail.tsx';
import { ssoIssuerChangedMail } from '../src/server/services/sso-change-mail.tsx';
import { secondFactorCodesTurnedOffMail } from '../src/server/services/second-factor-mail.tsx';
import {
  acknowledgementBody,
  deskCustomerReplyBody,
  deskNewTicketBody,
  ticketUpdateBody,
} from '../src/server/services/helpdesk/ticket-mail-templates.tsx';
import {
  digestMailBody,
  noticeMailBody,
  noticeText,
} from '../src/server/services/notification-mail-templates.tsx';

const app = 'http://localhost:3000';
const to = 'jordan.lee@acme-logistics.example';
const links = {
  unsubscribe: `${app}/api/notifications/unsubscribe?token=sample`,
  preferences: `${app}/portal/profile`,
};
const ticket = {
  id: 'TK-1042',
  subject: 'VPN drops every hour',
  description:
    'The VPN client disconnects on the hour, every hour.\nSince Monday, on every laptop.',
  priority: 'high',
  category: 'Network & Security',
  department: 'Network Administration',
};
const author = { name: 'Jordan Lee', email: to };
const message =
  'We replaced the access point near dock door 12.\nPlease tell us if the scanners still drop.';
const visitor = {
  name: 'Dana Cole',
  email: 'dana@example.com',
  company: 'Cole & Co',
  phone: '(512) 555-0100',
};
const invoice = { number: 'INV-2026-1042', amount: 1280, dueDate: '2026-12-01' };

const notice = (name: string, type: string, data: Record<string, unknown>) => {
  const text = noticeText(type, data);
  return [
    name,
    {
      to,
      subject: text.subject,
      ...noticeMailBody({
        firstName: 'Jordan',
        companyName: 'Acme Logistics',
        kind: 'invoices',
        kindLabel: 'invoice',
        text,
        href: `${app}${text.path}`,
        links,
      }),
    },
  ] as const;
};

/** Every mail the product sends, by name, with sample data. */
export const sampleMails: (readonly [string, MailMessage])[] = [
  [
    'sign-in',
    signInMail({
      to,
      firstName: 'Jordan',
      link: `${app}/api/login/verify?token=sample`,
      code: '482913',
    }),
  ],
  ['sign-in-codes-off', codesTurnedOffMail({ to, firstName: 'Jordan', staff: false })],
  ['sign-in-codes-off-staff', codesTurnedOffMail({ to, firstName: 'Jordan', staff: true })],
  [
    'second-factor-codes-off',
    secondFactorCodesTurnedOffMail({ to, firstName: 'Pat', where: 'other-browsers' }),
  ],
  [
    'passkey-added',
    passkeyAddedMail({
      appUrl: app,
      to,
      firstName: 'Jordan',
      role: 'customer',
      passkeyName: 'Work laptop',
    }),
  ],
  [
    'sso-issuer-changed',
    ssoIssuerChangedMail({
      to,
      firstName: 'Jordan',
      companyName: 'Acme Logistics',
      previousIssuer: 'https://login.acme-logistics.example',
      issuer: 'https://idp.example.com/acme',
      changedBy: 'Morgan Hayes',
    }),
  ],
  [
    'email-change-confirm',
    confirmNewAddressMail({
      to: 'new@acme-logistics.example',
      link: `${app}/api/auth/email/confirm?token=sample`,
    }),
  ],
  ['email-change-taken', addressTakenMail({ to: 'new@acme-logistics.example' })],
  [
    'email-change-notice',
    changeRequestedNoticeMail({
      to,
      firstName: 'Jordan',
      newEmail: 'new@acme-logistics.example',
      reportLink: `${app}/api/auth/email/report?token=sample`,
    }),
  ],
  [
    'email-change-reported',
    changeReportedMail({
      to: 'support@meridian-it.example',
      userId: '8c1f…',
      name: 'Jordan Lee',
      oldEmail: to,
      newEmail: 'new@acme-logistics.example',
      outcome: 'The change was cancelled.',
      passkeysRemoved: 1,
      tokensRevoked: 0,
      invitations: {
        withdrawn: ['new.colleague@acme-logistics.example (Acme Logistics)'],
        accepted: ['someone@elsewhere.example (Acme Logistics, admin)'],
      },
    }),
  ],
  [
    'invite',
    welcomeMail({
      appUrl: app,
      to,
      firstName: 'Jordan',
      companyName: 'Acme Logistics',
      invitedBy: 'Morgan Hayes',
      alsoIn: ['Globex Retail'],
    }),
  ],
  [
    'payment-receipt',
    paymentReceiptMail({
      appUrl: app,
      to,
      firstName: 'Jordan',
      companyId: '00000000-0000-4000-8000-000000000001',
      number: 'INV-2026-0042',
      currency: 'EUR',
      amountMinor: 129550,
      balanceMinor: 0,
      method: 'card',
      reference: 'pi_3Q0sample',
      receivedOn: '2026-11-28',
    }),
  ],
  [
    'contact-to-sales',
    contact.salesNotification('sales@meridian-it.example', { ...visitor, message }, 'CM-1001'),
  ],
  ['contact-to-visitor', contact.visitorAcknowledgement({ ...visitor, message }, 'CM-1001')],
  [
    'quote-to-sales',
    quote.salesNotification(
      'sales@meridian-it.example',
      { ...visitor, service: 'Cloud Migration', details: message },
      'QR-1001',
    ),
  ],
  [
    'quote-to-visitor',
    quote.visitorAcknowledgement(
      { ...visitor, service: 'Cloud Migration', details: message },
      'QR-1001',
    ),
  ],
  [
    'ticket-new-to-desk',
    {
      to: 'support@meridian-it.example',
      subject: '[TK-1042] New ticket from Acme Logistics: VPN drops every hour',
      ...deskNewTicketBody({
        ticket,
        subject: ticket.subject,
        author,
        customerName: 'Acme Logistics',
      }),
    },
  ],
  [
    'ticket-acknowledgement',
    {
      to,
      subject: '[TK-1042] We received your ticket: VPN drops every hour',
      ...acknowledgementBody({
        ticketId: ticket.id,
        subject: ticket.subject,
        authorName: 'Jordan Lee',
        portalLink: `${app}/portal/tickets`,
      }),
    },
  ],
  [
    'ticket-reply-to-desk',
    {
      to: 'support@meridian-it.example',
      subject: '[TK-1042] Customer reply: VPN drops every hour',
      ...deskCustomerReplyBody({ author, message, subject: ticket.subject }),
    },
  ],
  [
    'ticket-agent-reply',
    {
      to,
      subject: '[TK-1042] New reply: VPN drops every hour',
      ...ticketUpdateBody({
        firstName: 'Jordan',
        ticketId: ticket.id,
        subject: ticket.subject,
        update: { kind: 'reply', author: 'Morgan Hayes', message },
        portalLink: `${app}/portal/tickets`,
        links,
      }),
    },
  ],
  [
    'ticket-status',
    {
      to,
      subject: '[TK-1042] Status changed to resolved: VPN drops every hour',
      ...ticketUpdateBody({
        firstName: 'Jordan',
        ticketId: ticket.id,
        subject: ticket.subject,
        update: { kind: 'status', status: 'resolved' },
        portalLink: `${app}/portal/tickets`,
        links,
      }),
    },
  ],
  notice('invoice-created', 'invoice.created', invoice),
  notice('invoice-reminder-before', 'invoice.reminder', { ...invoice, offsetDays: -3 }),
  notice('invoice-reminder-after', 'invoice.reminder', { ...invoice, offsetDays: 7 }),
  notice('invoice-overdue', 'invoice.overdue', invoice),
  notice('invoice-paid', 'invoice.paid', invoice),
  notice('invoice-void', 'invoice.void', { ...invoice, currency: 'USD' }),
  notice('project-status', 'project.status_changed', {
    name: 'Warehouse Wi-Fi refresh',
    status: 'completed',
    previousStatus: 'in_progress',
  }),
  notice('milestone-completed', 'milestone.completed', { title: 'Site survey' }),
  notice('document-added', 'document.added', { name: 'Network diagram.pdf' }),
  notice('incident-created', 'incident.created', {
    title: 'Dallas office link down',
    status: 'investigating',
    message: 'The carrier is on site; calls still work.',
    sites: ['Dallas HQ', 'Fort Worth Warehouse'],
  }),
  notice('maintenance-scheduled', 'maintenance.scheduled', {
    title: 'Firewall firmware update',
    message: 'Internet access drops for up to ten minutes.',
    startsAt: '2026-12-05T04:00:00.000Z',
    endsAt: '2026-12-05T05:30:00.000Z',
    timeZone: 'America/Chicago',
    sites: ['Dallas HQ'],
  }),
  [
    'digest',
    {
      to,
      subject: 'Your daily update: 3 notifications',
      ...digestMailBody({
        firstName: 'Jordan',
        items: [
          ['invoice.created', invoice],
          ['milestone.completed', { title: 'Site survey' }],
          ['document.added', { name: 'Network diagram.pdf' }],
        ].map(([type, data]) => {
          const text = noticeText(type as string, data as Record<string, unknown>);
          return { companyName: 'Acme Logistics', text, href: `${app}${text.path}` };
        }),
        portalHref: `${app}/portal/dashboard`,
        links,
      }),
    },
  ],
];
