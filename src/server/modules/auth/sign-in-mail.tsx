import type { MailMessage } from '../../services/mail-outbox.ts';
import { MailLayout } from '../../mail/layout.tsx';
import { Action, Code, Note, P } from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import { company } from '../../../shared/company.ts';
import { CODE_LOCK_MS, MAX_CODE_FAILURES_PER_HOUR } from '../../services/code-lockout.ts';

/** The magic-link mail: the link for this device, the code for another one. */
export function signInMail(opts: {
  to: string;
  firstName: string;
  link: string;
  code: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Your sign-in link for ${company.name}`,
    ...renderMail(
      <MailLayout preview={`Your sign-in link and code for the ${company.name} portal`}>
        <P>Hello {opts.firstName || 'there'},</P>
        <P>Use this link to sign in to the {company.name} customer portal:</P>
        <Action href={opts.link}>Sign in to {company.name}</Action>
        <P>
          Or type this code on the sign-in page: <Code>{opts.code}</Code>
        </P>
        <Note>
          The link and the code work once, for 10 minutes. If you did not ask to sign in, ignore
          this e-mail: nobody can sign in without it.
        </Note>
      </MailLayout>,
    ),
    secrets: [opts.link, opts.code],
  };
}

/**
 * Told once, when wrong codes typed on the sign-in page turned the account's sign-in codes off
 * for a day. That form is anonymous, so the lock touches nothing else (review N1): staff read
 * that their second factor works as before.
 */
export function codesTurnedOffMail(opts: {
  to: string;
  firstName: string;
  staff: boolean;
}): MailMessage {
  const hours = CODE_LOCK_MS / 3_600_000;
  return {
    to: opts.to,
    subject: 'Sign-in codes turned off for your account',
    ...renderMail(
      <MailLayout preview="Typed sign-in codes are off for a day; sign-in links still work">
        <P>Hello {opts.firstName || 'there'},</P>
        <P>
          Someone typed {MAX_CODE_FAILURES_PER_HOUR} wrong sign-in codes for your {company.name}{' '}
          account within an hour. To protect the account, the codes in sign-in e-mails are turned
          off for {hours} hours; sign-in links still work.
        </P>
        {opts.staff ? (
          <P>
            Your passkey, authenticator app and recovery codes are not affected: after the link,
            confirm it is you with them as usual.
          </P>
        ) : null}
        <P>
          If it was you, open the link in your newest sign-in e-mail instead of typing its code.
        </P>
        <Note>
          If it was not you, nothing else is needed: nobody can sign in without a link or code sent
          to this address.
        </Note>
      </MailLayout>,
    ),
  };
}

/**
 * Sent instead of a link when the account's company requires passkeys (ADR 042): the page
 * answers as for any address, so only the mailbox's owner learns how to sign in.
 */
export function passkeyRequiredMail(opts: {
  to: string;
  firstName: string;
  loginUrl: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Sign in to ${company.name} with your passkey`,
    ...renderMail(
      <MailLayout preview="Your company signs in with a passkey">
        <P>Hello {opts.firstName || 'there'},</P>
        <P>
          Someone asked for a sign-in link for your {company.name} account. Your company signs in
          with a passkey, so no link was sent.
        </P>
        <Action href={opts.loginUrl}>Sign in with a passkey</Action>
        <Note>
          Lost your passkey? Ask your company&apos;s portal administrator or our service desk.
        </Note>
      </MailLayout>,
    ),
  };
}
