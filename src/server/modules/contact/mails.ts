import type { MailMessage } from '../../plugins/mail/outbox.ts';
import { company } from '../../../shared/company.ts';

type ContactMessage = {
  name: string;
  email: string;
  company?: string;
  phone?: string;
  message: string;
};

/** The sales team's copy: every field, with Reply-To set to the visitor. */
export function salesNotification(salesEmail: string, m: ContactMessage): MailMessage {
  return {
    to: salesEmail,
    replyTo: m.email,
    subject: `New contact message from ${m.name}`,
    text: [
      'A visitor sent a message through the website contact form.',
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

/** The visitor's acknowledgement: what we received and when to expect an answer. */
export function visitorAcknowledgement(m: ContactMessage): MailMessage {
  return {
    to: m.email,
    replyTo: company.salesEmail,
    subject: `We received your message - ${company.name}`,
    text: [
      `Hello ${m.name},`,
      '',
      `Thank you for contacting ${company.name}. We received your message and will get back to you within 24 hours.`,
      `For an urgent technical issue, call our 24/7 emergency line at ${company.emergencyPhone}.`,
      '',
      'Your message:',
      m.message,
      '',
      `${company.name}`,
      `${company.phone}`,
    ].join('\n'),
  };
}
