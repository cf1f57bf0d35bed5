import { company } from '../../shared/company.ts';
import { INVITATION_PATH } from '../../shared/routes.ts';
import { MailLayout } from '../mail/layout.tsx';
import { Action, Note, P } from '../mail/parts.tsx';
import { renderMail } from '../mail/render.ts';
import type { MailMessage } from './mail-outbox.ts';

/**
 * A company admin's invitation (review N3, N9): it names only the company (a name staff
 * keep) and the portal, never text an inviter typed, and its link only offers the choice.
 */
export function invitationMail(opts: {
  appUrl: string;
  to: string;
  companyName: string;
  token: string;
  validDays: number;
}): MailMessage {
  const link = `${opts.appUrl}${INVITATION_PATH}?token=${encodeURIComponent(opts.token)}`;
  return {
    to: opts.to,
    subject: `You're invited to the ${company.name} customer portal`,
    // The link accepts (and may create an account): kept only until the mail is sent.
    secrets: [link],
    ...renderMail(
      <MailLayout preview={`${opts.companyName} invites you to its customer portal`}>
        <P>Hello,</P>
        <P>
          {opts.companyName} invites you to its customer portal at {company.name}: invoices,
          projects, support tickets and documents in one place.
        </P>
        <P>Nothing changes for your account unless you accept:</P>
        <Action href={link}>See the invitation</Action>
        <Note>
          The link works once, for {opts.validDays} days. If you did not expect this message, you
          can ignore it.
        </Note>
      </MailLayout>,
    ),
  };
}
