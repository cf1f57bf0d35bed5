import { company } from '../../shared/company.ts';
import { MailLayout } from '../mail/layout.tsx';
import { A, Note, P } from '../mail/parts.tsx';
import { renderMail } from '../mail/render.ts';
import { CODE_LOCK_MS, MAX_CODE_FAILURES_PER_HOUR } from './code-lockout.ts';
import type { MailMessage } from './mail-outbox.ts';
import type { LockedWhere } from './second-factor.ts';

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

/**
 * Told once, when wrong authenticator or recovery codes turned them off for a day. Only a
 * session past the mail link types these (review N1), so the owner learns their mailbox or a
 * link may be in someone else's hands, and what still opens the workspace. Browsers where the
 * owner confirmed it is them before keep their own count (issue 35): the mail says which
 * browsers are off.
 */
export function secondFactorCodesTurnedOffMail(opts: {
  to: string;
  firstName: string;
  where: LockedWhere;
}): MailMessage {
  const hours = CODE_LOCK_MS / 3_600_000;
  const known = opts.where === 'known-browser';
  return {
    to: opts.to,
    subject: 'Authenticator and recovery codes turned off for your account',
    ...renderMail(
      <MailLayout preview="Authenticator codes are off for a day in some browsers; your passkey still confirms it is you">
        <P>Hello {opts.firstName || 'there'},</P>
        {known ? (
          <P>
            In a browser where you had confirmed it is you before, someone typed{' '}
            {MAX_CODE_FAILURES_PER_HOUR} wrong authenticator or recovery codes for your{' '}
            {company.name} workspace account within an hour. To protect the account, codes are
            turned off in that browser for {hours} hours. Your other browsers are not affected.
          </P>
        ) : (
          <P>
            After signing in with a link sent to this address, someone typed{' '}
            {MAX_CODE_FAILURES_PER_HOUR} wrong authenticator or recovery codes for your{' '}
            {company.name} workspace account within an hour. To protect the account, authenticator
            codes and recovery codes are turned off for {hours} hours in every browser where you
            have not confirmed it is you before. In a browser where you have, they still work.
          </P>
        )}
        <P>
          Your passkey still confirms it is you. Without a passkey, ask a colleague to reset your
          second factor on the workspace&apos;s Security screen: the reset turns codes on again and
          you set up your authenticator app afresh at your next sign-in. Or wait until the codes
          work again.
        </P>
        <Note>
          If it was not you, someone can open your sign-in e-mails: secure your mailbox and tell{' '}
          <A href={`mailto:${company.supportEmail}`}>{company.supportEmail}</A> at once.
        </Note>
      </MailLayout>,
    ),
  };
}
