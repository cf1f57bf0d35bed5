import type { MailMessage } from '../../services/mail-outbox.ts';
import { MailLayout } from '../../mail/layout.tsx';
import { Fields, Note, P, Quote } from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import { company } from '../../../shared/company.ts';

type QuoteRequest = {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  service: string;
  details: string;
};

/** The sales team's copy of a quote request, with Reply-To set to the visitor. */
export function salesNotification(
  salesEmail: string,
  q: QuoteRequest,
  reference: string,
): MailMessage {
  return {
    to: salesEmail,
    replyTo: q.email,
    subject: `Quote request: ${q.service} - ${q.name}`,
    ...renderMail(
      <MailLayout preview={`${q.name} asked for a quote for ${q.service}`}>
        <P>A visitor requested a quote for {q.service}.</P>
        <Fields
          rows={[
            ['Reference', reference],
            ['Name', q.name],
            ['Email', q.email],
            ['Company', q.company ?? '-'],
            ['Phone', q.phone ?? '-'],
            ['Service', q.service],
          ]}
        />
        <P>Project details:</P>
        <Quote text={q.details} />
        <Note>Reply to this mail to answer the visitor; we promised a reply within 24 hours.</Note>
      </MailLayout>,
    ),
  };
}

/**
 * The visitor's acknowledgement of a quote request: fixed text, the reference and the
 * service (one of our catalogue's names, checked by the schema), nothing the sender typed.
 */
export function visitorAcknowledgement(q: QuoteRequest, reference: string): MailMessage {
  return {
    to: q.email,
    replyTo: company.salesEmail,
    subject: `Your quote request for ${q.service} - ${company.name}`,
    ...renderMail(
      <MailLayout preview="A specialist is reviewing your project details">
        <P>Hello,</P>
        <P>
          Thank you for requesting a quote for {q.service}. A specialist is reviewing your project
          details and we&apos;ll get back to you within 24 hours.
        </P>
        <Fields rows={[['Reference', reference]]} />
        <Note>If you did not ask us for a quote, you can ignore this e-mail.</Note>
      </MailLayout>,
    ),
  };
}
