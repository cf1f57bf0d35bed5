// The ticket mails' words and layout (ticket-mails.ts decides who gets them and threads them).
import { MailLayout } from '../../mail/layout.tsx';
import {
  A,
  Action,
  Fields,
  Note,
  P,
  PreferencesNote,
  Quote,
  type PreferenceLinks,
} from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import { company } from '../../../shared/company.ts';

const TICKET_MAILS_ON =
  'You receive this because ticket e-mails are on in your notification preferences.';

type Ticket = {
  id: string;
  subject: string;
  description: string;
  priority: string;
  category: string;
  department: string;
};

/** To the support desk: a customer opened a ticket. */
export const deskNewTicketBody = (opts: {
  ticket: Ticket;
  subject: string;
  author: { name: string; email: string };
  customerName: string;
}) =>
  renderMail(
    <MailLayout preview={`${opts.author.name} of ${opts.customerName}: ${opts.subject}`}>
      <P>
        {opts.author.name} ({opts.author.email}) of {opts.customerName} opened ticket{' '}
        {opts.ticket.id}.
      </P>
      <Fields
        rows={[
          ['Subject', opts.subject],
          ['Priority', opts.ticket.priority],
          ['Category', opts.ticket.category],
          ['Department', opts.ticket.department],
        ]}
      />
      <Quote text={opts.ticket.description} />
    </MailLayout>,
  );

/** To the author: the ticket is open. */
export const acknowledgementBody = (opts: {
  ticketId: string;
  subject: string;
  authorName: string;
  portalLink: string;
}) =>
  renderMail(
    <MailLayout preview={`Ticket ${opts.ticketId} is open; our team will reply soon`}>
      <P>Hello {opts.authorName},</P>
      <P>
        Thank you for contacting {company.name}. Your ticket {opts.ticketId} &quot;{opts.subject}
        &quot; is open and our team will reply soon.
      </P>
      <Action href={opts.portalLink}>Follow it in the portal</Action>
      <Note>Answer this e-mail to add to the ticket.</Note>
    </MailLayout>,
  );

/** To the support desk: a customer replied. */
export const deskCustomerReplyBody = (opts: {
  author: { name: string; email: string };
  message: string;
  subject: string;
}) =>
  renderMail(
    <MailLayout preview={`${opts.author.name} replied: ${opts.subject}`}>
      <P>
        {opts.author.name} ({opts.author.email}) wrote:
      </P>
      <Quote text={opts.message} />
    </MailLayout>,
  );

/** To the company's users who see the ticket: an agent replied or changed its status. */
export const ticketUpdateBody = (opts: {
  firstName: string;
  ticketId: string;
  subject: string;
  update: { kind: 'reply'; author: string; message: string } | { kind: 'status'; status: string };
  portalLink: string;
  links: PreferenceLinks;
}) =>
  renderMail(
    <MailLayout
      preview={
        opts.update.kind === 'reply'
          ? `${opts.update.author} replied to ticket ${opts.ticketId}`
          : `Ticket ${opts.ticketId} is now ${opts.update.status}`
      }
    >
      <P>Hello {opts.firstName},</P>
      {opts.update.kind === 'reply' ? (
        <>
          <P>
            {opts.update.author} replied to ticket {opts.ticketId} &quot;{opts.subject}&quot;:
          </P>
          <Quote text={opts.update.message} />
        </>
      ) : (
        <P>
          Ticket {opts.ticketId} &quot;{opts.subject}&quot; is now {opts.update.status}.
        </P>
      )}
      <Action href={opts.portalLink}>View the conversation in the portal</Action>
      <PreferencesNote reason={TICKET_MAILS_ON} links={opts.links} />
    </MailLayout>,
  );

/** To an address an agent copied on a reply (mail only; not a portal user). */
export const ccReplyBody = (opts: {
  ticketId: string;
  subject: string;
  author: string;
  message: string;
}) =>
  renderMail(
    <MailLayout preview={`${opts.author} copied you on ticket ${opts.ticketId}`}>
      <P>
        {opts.author} replied to ticket {opts.ticketId} &quot;{opts.subject}&quot; and copied you:
      </P>
      <Quote text={opts.message} />
      <Note>Answer this e-mail to write to our support team about this ticket.</Note>
    </MailLayout>,
  );

/** To a colleague put in copy of a ticket. */
export const watcherAddedBody = (opts: {
  firstName: string;
  by: string;
  ticketId: string;
  subject: string;
  portalLink: string;
  links: PreferenceLinks;
}) =>
  renderMail(
    <MailLayout preview={`${opts.by} added you in copy of ticket ${opts.ticketId}`}>
      <P>Hello {opts.firstName},</P>
      <P>
        {opts.by} added you in copy of ticket {opts.ticketId} &quot;{opts.subject}&quot;. You will
        receive its replies by e-mail.
      </P>
      <Action href={opts.portalLink}>View the conversation in the portal</Action>
      <PreferencesNote reason={TICKET_MAILS_ON} links={opts.links} />
    </MailLayout>,
  );

/** To the author of a closed ticket: three one-click ratings (each opens a confirm page). */
export const ratingRequestBody = (opts: {
  firstName: string;
  ticketId: string;
  subject: string;
  ratings: { label: string; href: string }[];
  portalLink: string;
}) =>
  renderMail(
    <MailLayout preview={`Ticket ${opts.ticketId} is closed: how did we do?`}>
      <P>Hello {opts.firstName},</P>
      <P>
        Ticket {opts.ticketId} &quot;{opts.subject}&quot; is closed. How satisfied are you with{' '}
        {company.name}&apos;s help?
      </P>
      {opts.ratings.map((r) => (
        <Action key={r.label} href={r.href}>
          {r.label}
        </Action>
      ))}
      <Note>
        You can also rate it in the portal: <A href={opts.portalLink} />
      </Note>
    </MailLayout>,
  );
