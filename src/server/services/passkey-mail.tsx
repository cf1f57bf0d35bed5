import { company } from '../../shared/company.ts';
import { paths } from '../../shared/routes.ts';
import { MailLayout } from '../mail/layout.tsx';
import { A, Action, Note, P } from '../mail/parts.tsx';
import { renderMail } from '../mail/render.ts';
import type { MailMessage } from './mail-outbox.ts';

/**
 * Told at once when a passkey is added (review N5): a passkey outlives "sign out everywhere",
 * so one added from a stolen session must not go unnoticed. Says where to remove it.
 */
export function passkeyAddedMail(opts: {
  appUrl: string;
  to: string;
  firstName: string;
  role: 'customer' | 'staff';
  passkeyName: string;
}): MailMessage {
  const where = opts.role === 'staff' ? paths.staffSecurity : paths.profile;
  const screen = opts.role === 'staff' ? 'Security screen' : 'profile';
  return {
    to: opts.to,
    subject: 'A passkey was added to your account',
    ...renderMail(
      <MailLayout preview={`A passkey was added to your ${company.name} account`}>
        <P>Hello {opts.firstName || 'there'},</P>
        <P>
          A passkey named “{opts.passkeyName}” was added to your {company.name} account. It signs in
          without an e-mail link, also after every session is signed out.
        </P>
        <P>If it was you, nothing else is needed.</P>
        <P>
          If it was not you, someone has used a signed-in session of yours: remove the passkey on
          your {screen}, sign out every session, and tell{' '}
          <A href={`mailto:${company.supportEmail}`}>{company.supportEmail}</A>.
        </P>
        <Action href={`${opts.appUrl}${where}`}>Review your passkeys</Action>
        <Note>You get this e-mail for every passkey added to your account.</Note>
      </MailLayout>,
    ),
  };
}
