import type { MailMessage } from '../../plugins/mail/outbox.ts';
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
export function salesNotification(salesEmail: string, q: QuoteRequest): MailMessage {
  return {
    to: salesEmail,
    replyTo: q.email,
    subject: `Quote request: ${q.service} - ${q.name}`,
    text: [
      `A visitor requested a quote for ${q.service}.`,
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

/** The visitor's acknowledgement of a quote request. */
export function visitorAcknowledgement(q: QuoteRequest): MailMessage {
  return {
    to: q.email,
    replyTo: company.salesEmail,
    subject: `Your quote request for ${q.service} - ${company.name}`,
    text: [
      `Hello ${q.name},`,
      '',
      `Thank you for requesting a quote for ${q.service}. A specialist is reviewing your project details and we'll get back to you within 24 hours.`,
      '',
      'Your project details:',
      q.details,
      '',
      `${company.name}`,
      `${company.phone}`,
    ].join('\n'),
  };
}
