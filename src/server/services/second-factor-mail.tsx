import { company } from '../../shared/company.ts';
import { MailLayout } from '../mail/layout.tsx';
import { A, Note, P } from '../mail/parts.tsx';
import { renderMail } from '../mail/render.ts';
import type { MailMessage } from './mail-outbox.ts';

/** Tells a staff member that a colleague reset their second factor (issue 19). */
export function secondFactorResetMail(opts: {
  to: string;
  firstName: string;
  resetBy: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: 'Your second factor was reset',
    ...renderMail(
      <MailLayout preview={`${opts.resetBy} reset your authenticator app and passkeys`}>
        <P>Hello {opts.firstName || 'there'},</P>
        <P>
          {opts.resetBy} reset your second factor for the {company.name} workspace: your
          authenticator app, recovery codes and passkeys no longer work, and you were signed out
          everywhere.
        </P>
        <P>
          At your next sign-in you will set up an authenticator app again before the workspace
          opens.
        </P>
        <Note>
          If you did not ask for this, tell{' '}
          <A href={`mailto:${company.supportEmail}`}>{company.supportEmail}</A> at once.
        </Note>
      </MailLayout>,
    ),
  };
}
