import { company } from '../../shared/company.ts';
import type { MailMessage } from './mail-outbox.ts';

/** The invitation: who added them to which company, and the link that starts sign-in with the address filled in. */
export function welcomeMail(opts: {
  appUrl: string;
  to: string;
  firstName: string;
  companyName: string;
  invitedBy: string;
  /** Where the inviter works: the MSP (staff, the default) or the customer company (its admin). */
  inviterCompany?: string;
  /** The companies an existing user already had: told, so an unexpected addition is noticed. */
  alsoIn?: string[];
}): MailMessage {
  const already = opts.alsoIn?.length
    ? [
        '',
        `Your account already had access to ${opts.alsoIn.join(', ')}; it now also sees ${opts.companyName}. If you did not expect this, reply to this e-mail or contact ${company.supportEmail}.`,
      ]
    : [];
  const link = `${opts.appUrl}/api/login?email=${encodeURIComponent(opts.to)}`;
  return {
    to: opts.to,
    subject: `You're invited to the ${company.name} customer portal`,
    text: [
      `Hello ${opts.firstName},`,
      '',
      `${opts.invitedBy} from ${opts.inviterCompany ?? company.name} has given you access to the customer portal for ${opts.companyName}: invoices, projects, support tickets and documents in one place.`,
      ...already,
      '',
      'Sign in with your e-mail address (no password needed):',
      link,
      '',
      'If you did not expect this message, you can ignore it.',
    ].join('\n'),
  };
}
