import type { MailMessage } from '../../services/mail-outbox.ts';
import { MailLayout } from '../../mail/layout.tsx';
import { A, Fields, Note, P, Quote } from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import { company, telHref } from '../../../shared/company.ts';

type ContactMessage = {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  message: string;
};

/** The sales team's copy: every field, with Reply-To set to the visitor. */
export function salesNotification(
  salesEmail: string,
  m: ContactMessage,
  reference: string,
): MailMessage {
  return {
    to: salesEmail,
    replyTo: m.email,
    subject: `New contact message from ${m.name}`,
    ...renderMail(
      <MailLayout preview={`${m.name} wrote through the website contact form`}>
        <P>A visitor sent a message through the website contact form.</P>
        <Fields
          rows={[
            ['Reference', reference],
            ['Name', m.name],
            ['Email', m.email],
            ['Company', m.company ?? '-'],
            ['Phone', m.phone ?? '-'],
          ]}
        />
        <P>Message:</P>
        <Quote text={m.message} />
        <Note>Reply to this mail to answer the visitor; we promised a reply within 24 hours.</Note>
      </MailLayout>,
    ),
  };
}

/**
 * The visitor's acknowledgement: fixed text and the reference, nothing the sender typed
 * (it goes to any address typed into the form).
 */
export function visitorAcknowledgement(m: ContactMessage, reference: string): MailMessage {
  return {
    to: m.email,
    replyTo: company.salesEmail,
    subject: `We received your message - ${company.name}`,
    ...renderMail(
      <MailLayout preview="We will get back to you within 24 hours">
        <P>Hello,</P>
        <P>
          Thank you for contacting {company.name}. We received your message and will get back to you
          within 24 hours.
        </P>
        <Fields rows={[['Reference', reference]]} />
        <P>
          For an urgent technical issue, call our 24/7 emergency line at{' '}
          <A href={telHref(company.emergencyPhone)}>{company.emergencyPhone}</A>.
        </P>
        <Note>If you did not write to us, you can ignore this e-mail.</Note>
      </MailLayout>,
    ),
  };
}
