import type { MailMessage } from '../../services/mail-outbox.ts';
import { company } from '../../../shared/company.ts';

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
    text: [
      'A visitor sent a message through the website contact form.',
      `Reference: ${reference}`,
      '',
      `Name: ${m.name}`,
      `Email: ${m.email}`,
      `Company: ${m.company ?? '-'}`,
      `Phone: ${m.phone ?? '-'}`,
      '',
      'Message:',
      m.message,
      '',
      'Reply to this mail to answer the visitor; we promised a reply within 24 hours.',
    ].join('\n'),
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
    text: [
      'Hello,',
      '',
      `Thank you for contacting ${company.name}. We received your message and will get back to you within 24 hours.`,
      `Reference: ${reference}`,
      '',
      `For an urgent technical issue, call our 24/7 emergency line at ${company.emergencyPhone}.`,
      'If you did not write to us, you can ignore this e-mail.',
      '',
      `${company.name}`,
      `${company.phone}`,
    ].join('\n'),
  };
}
