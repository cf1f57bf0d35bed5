import { company } from '../../shared/company.ts';
import { MailLayout } from '../mail/layout.tsx';
import { A, Action, Note, P } from '../mail/parts.tsx';
import { renderMail } from '../mail/render.ts';
import type { MailMessage } from './mail-outbox.ts';

/**
 * Staff's invitation (the staff door, which asks staff to confirm an address of another
 * company): who added them to which company, and the link that starts sign-in with the
 * address filled in. Company admins' invitations are services/invitation-mail.tsx.
 */
export function welcomeMail(opts: {
  appUrl: string;
  to: string;
  firstName: string;
  companyName: string;
  invitedBy: string;
  /** The companies an existing user already had: told, so an unexpected addition is noticed. */
  alsoIn?: string[];
}): MailMessage {
  const link = `${opts.appUrl}/api/login?email=${encodeURIComponent(opts.to)}`;
  return {
    to: opts.to,
    subject: `You're invited to the ${company.name} customer portal`,
    ...renderMail(
      <MailLayout
        preview={`${opts.invitedBy} gave you access to the portal for ${opts.companyName}`}
      >
        <P>Hello {opts.firstName},</P>
        <P>
          {opts.invitedBy} from {company.name} has given you access to the customer portal for{' '}
          {opts.companyName}: invoices, projects, support tickets and documents in one place.
        </P>
        {opts.alsoIn?.length ? (
          <P>
            Your account already had access to {opts.alsoIn.join(', ')}; it now also sees{' '}
            {opts.companyName}. If you did not expect this, reply to this e-mail or contact{' '}
            <A href={`mailto:${company.supportEmail}`}>{company.supportEmail}</A>.
          </P>
        ) : null}
        <P>Sign in with your e-mail address (no password needed):</P>
        <Action href={link}>Sign in to the portal</Action>
        <Note>If you did not expect this message, you can ignore it.</Note>
      </MailLayout>,
    ),
  };
}
