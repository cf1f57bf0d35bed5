// The notification mails' words and layout (notification-outbox.ts decides when they go).
import { MailLayout } from '../mail/layout.tsx';
import { A, Action, P, PreferencesNote, type PreferenceLinks } from '../mail/parts.tsx';
import { renderMail } from '../mail/render.ts';
import { toMinor } from '../../shared/currency.ts';
import { formatCurrency, formatDate } from '../../shared/format.ts';
import { formatMoney } from '../../shared/money-format.ts';
import { paths } from '../../shared/routes.ts';
import type { NotificationKind } from '../../shared/schemas/notifications.ts';
import { incidentStatusLabels, type IncidentStatus } from '../../shared/schemas/status-page.ts';
import { zonedTime } from '../../shared/zoned-time.ts';

/** What one notification says: a headline, a sentence, and where in the portal to look. */
export type NoticeText = { subject: string; line: string; path: string; action: string };

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const num = (value: unknown) => (typeof value === 'number' ? value : 0);
const statusWord = (status: string) => status.replaceAll('_', ' ');

function reminderLine(number: string, amount: string, dueDate: string, offset: number) {
  if (offset < 0)
    return `Invoice ${number} for ${amount} is due in ${-offset} days, on ${dueDate}.`;
  if (offset === 0) return `Invoice ${number} for ${amount} is due today.`;
  return `Invoice ${number} for ${amount} was due on ${dueDate} and is ${offset} days overdue.`;
}

/** ", affecting Main office and Warehouse" for the company's sites a status notice names. */
function sitesText(data: Record<string, unknown>): string {
  const sites = Array.isArray(data.sites) ? data.sites.filter((s) => typeof s === 'string') : [];
  return sites.length ? `, affecting ${sites.join(', ')}` : '';
}

/** " from Dec 1, 2026, 10:00 PM CST to ..." in the window's own zone. */
function windowText(data: Record<string, unknown>): string {
  const zone = str(data.timeZone);
  if (!data.startsAt || !data.endsAt || !zone) return '';
  return ` from ${zonedTime(str(data.startsAt), zone)} to ${zonedTime(str(data.endsAt), zone)}`;
}

/** The text of a notification of `type` with its event data. */
export function noticeText(type: string, data: Record<string, unknown>): NoticeText {
  const number = str(data.number);
  // In the invoice's currency, by its code as the receipts say it: every invoice event names it
  // (ADR 066 addendum); an event recorded before it did is in dollars, as it was then.
  const currency = str(data.currency);
  const amount = currency
    ? formatMoney(toMinor(num(data.amount), currency), currency)
    : formatCurrency(num(data.amount));
  const dueDate = data.dueDate ? formatDate(str(data.dueDate)) : '';
  const invoices = { path: paths.invoices, action: 'View invoices' };
  const projects = { path: paths.projects, action: 'View projects' };
  switch (type) {
    case 'invoice.created':
      return {
        ...invoices,
        subject: `New invoice ${number}`,
        line: `Invoice ${number} for ${amount} is ready${dueDate ? `, due on ${dueDate}` : ''}.`,
      };
    case 'invoice.overdue':
      return {
        ...invoices,
        subject: `Invoice ${number} is overdue`,
        line: `Invoice ${number} for ${amount} was due on ${dueDate} and is not paid yet.`,
      };
    case 'invoice.paid':
      return {
        ...invoices,
        subject: `Payment received for invoice ${number}`,
        line: `Thank you: invoice ${number} for ${amount} is paid.`,
      };
    case 'invoice.void':
      return {
        ...invoices,
        subject: `Invoice ${number} is cancelled`,
        line: `Invoice ${number} for ${amount} is cancelled: you owe nothing on it.`,
      };
    case 'invoice.reminder': {
      const offset = num(data.offsetDays);
      return {
        ...invoices,
        subject:
          offset < 0
            ? `Invoice ${number} is due in ${-offset} days`
            : offset === 0
              ? `Invoice ${number} is due today`
              : `Reminder: invoice ${number} is ${offset} days overdue`,
        line: reminderLine(number, amount, dueDate, offset),
      };
    }
    case 'project.status_changed':
      return {
        ...projects,
        subject: `Project ${str(data.name)} is now ${statusWord(str(data.status))}`,
        line: `The project "${str(data.name)}" moved from ${statusWord(str(data.previousStatus))} to ${statusWord(str(data.status))}.`,
      };
    case 'milestone.completed':
      return {
        ...projects,
        subject: `Milestone completed: ${str(data.title)}`,
        line: `The milestone "${str(data.title)}" is completed.`,
      };
    case 'document.added':
      return {
        path: paths.documents,
        action: 'View documents',
        subject: `New document: ${str(data.name)}`,
        line: `A new document, "${str(data.name)}", is in the portal.`,
      };
    case 'agreement.low_balance':
      return {
        ...invoices,
        subject: `${num(data.threshold)} % of ${str(data.name)} hours used`,
        line: `${num(data.used)} of the ${num(data.included)} hours of "${str(data.name)}" for ${formatDate(str(data.periodStart))} to ${formatDate(str(data.periodEnd ?? data.periodStart))} are used; ${num(data.left)} are left.`,
      };
    case 'agreement.renewal_due':
      return {
        ...invoices,
        subject: `${str(data.name)} ends on ${formatDate(str(data.endsOn))}`,
        line: `The agreement "${str(data.name)}" ends on ${formatDate(str(data.endsOn))}. Reply to this mail or contact us to renew it.`,
      };
    case 'quote.accepted':
      return {
        path: paths.quote(str(data.quoteId)),
        action: 'View the quote',
        subject: `Quote ${number} accepted`,
        line: `${str(data.signedBy)} accepted and signed quote ${number}.`,
      };
    case 'quote.declined':
      return {
        path: paths.quote(str(data.quoteId)),
        action: 'View the quote',
        subject: `Quote ${number} declined`,
        line: `${str(data.declinedBy)} declined quote ${number}: ${str(data.reason)}`,
      };
    case 'maintenance.scheduled':
      return {
        path: paths.dashboard,
        action: 'Open the portal',
        subject: `Maintenance scheduled: ${str(data.title)}`,
        line: `Maintenance is scheduled: ${str(data.title)}${windowText(data)}${sitesText(data)}. ${str(data.message)}`.trim(),
      };
    case 'incident.created':
    case 'incident.updated':
    case 'incident.resolved': {
      const status = incidentStatusLabels[str(data.status) as IncidentStatus] ?? str(data.status);
      return {
        path: paths.dashboard,
        action: 'Open the portal',
        subject: `${type === 'incident.resolved' ? 'Resolved' : type === 'incident.created' ? 'Incident' : 'Incident update'}: ${str(data.title)}`,
        line: `${status}: ${str(data.title)}${sitesText(data)}. ${str(data.message)}`.trim(),
      };
    }
    default:
      return { path: paths.dashboard, action: 'Open the portal', subject: type, line: type };
  }
}

/** One notification as it happens. */
export const noticeMailBody = (opts: {
  firstName: string;
  companyName: string;
  kind: NotificationKind;
  kindLabel: string;
  text: NoticeText;
  href: string;
  links: PreferenceLinks;
}) =>
  renderMail(
    <MailLayout preview={opts.text.line}>
      <P>Hello {opts.firstName},</P>
      <P>
        {opts.text.line} ({opts.companyName})
      </P>
      <Action href={opts.href}>{opts.text.action}</Action>
      <PreferencesNote
        links={opts.links}
        reason={`You receive this because ${opts.kindLabel} e-mails are on in your notification preferences.`}
      />
    </MailLayout>,
  );

/** The day's notifications in one mail, newest last. */
export const digestMailBody = (opts: {
  firstName: string;
  items: { companyName: string; text: NoticeText; href: string }[];
  portalHref: string;
  links: PreferenceLinks;
}) =>
  renderMail(
    <MailLayout preview={`${opts.items.length} updates from the portal`}>
      <P>Hello {opts.firstName},</P>
      <P>Here is what happened in the portal since your last digest:</P>
      {opts.items.map((item, i) => (
        <P key={i}>
          <strong>{item.text.subject}</strong> ({item.companyName})
          <br />
          {item.text.line} <A href={item.href}>{item.text.action}</A>
        </P>
      ))}
      <Action href={opts.portalHref}>Open the portal</Action>
      <PreferencesNote
        links={opts.links}
        reason="You receive this because you chose one daily digest of your notification e-mails."
      />
    </MailLayout>,
  );
