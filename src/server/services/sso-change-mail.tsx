import { company as us } from '../../shared/company.ts';
import { MailLayout } from '../mail/layout.tsx';
import { A, Note, P } from '../mail/parts.tsx';
import { renderMail } from '../mail/render.ts';
import type { MailMessage } from './mail-outbox.ts';

/**
 * Told to a company's admins when its single sign-on moves to another provider (review N4):
 * whoever controls that provider can sign in as the company's people.
 */
export function ssoIssuerChangedMail(opts: {
  to: string;
  firstName: string;
  companyName: string;
  previousIssuer: string;
  issuer: string;
  changedBy: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: `${opts.companyName}’s single sign-on now uses another provider`,
    ...renderMail(
      <MailLayout preview={`${opts.companyName}’s single sign-on provider was changed`}>
        <P>Hello {opts.firstName || 'there'},</P>
        <P>
          {opts.changedBy} of {us.name} changed the single sign-on of {opts.companyName} in the
          customer portal. Your colleagues now sign in through {opts.issuer} (before:{' '}
          {opts.previousIssuer}), and each of them is linked afresh at their next sign-in there.
        </P>
        <P>
          If your company did not ask for this, tell{' '}
          <A href={`mailto:${us.supportEmail}`}>{us.supportEmail}</A> at once: whoever runs that
          provider can sign in as your colleagues.
        </P>
        <Note>Every admin of {opts.companyName} gets this e-mail.</Note>
      </MailLayout>,
    ),
  };
}
