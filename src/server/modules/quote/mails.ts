import type { MailMessage } from '../../services/mail-outbox.ts';
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
    text: [
      `A visitor requested a quote for ${q.service}.`,
      `Reference: ${reference}`,
      '',
      `Name: ${q.name}`,
      `Email: ${q.email}`,
      `Company: ${q.company ?? '-'}`,
      `Phone: ${q.phone ?? '-'}`,
      `Service: ${q.service}`,
      '',
      'Project details:',
      q.details,
      '',
      'Reply to this mail to answer the visitor; we promised a reply within 24 hours.',
    ].join('\n'),
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
    text: [
      'Hello,',
      '',
      `Thank you for requesting a quote for ${q.service}. A specialist is reviewing your project details and we'll get back to you within 24 hours.`,
      `Reference: ${reference}`,
      '',
      'If you did not ask us for a quote, you can ignore this e-mail.',
      '',
      `${company.name}`,
      `${company.phone}`,
    ].join('\n'),
  };
}
