import type { MailMessage } from '../../services/mail-outbox.ts';
import type { ReportedInvitations } from '../../services/invitations.ts';
import { MailLayout } from '../../mail/layout.tsx';
import { A, Action, Fields, Note, P } from '../../mail/parts.tsx';
import { renderMail } from '../../mail/render.ts';
import { company } from '../../../shared/company.ts';
import { REPORT_TTL_DAYS } from './email-change-paths.ts';

// The mails of an address change. Those to the new address carry nothing the requester
// typed (the form would otherwise relay their text to any address).

/** To the new address: the link the owner opens, signed in, to make it their sign-in address. */
export function confirmNewAddressMail(opts: { to: string; link: string }): MailMessage {
  return {
    to: opts.to,
    subject: `Confirm your new sign-in address for ${company.name}`,
    ...renderMail(
      <MailLayout preview="Confirm this address to sign in with it from now on">
        <P>Hello,</P>
        <P>
          Someone signed in to the {company.name} customer portal asked to use this address to sign
          in from now on.
        </P>
        <P>
          If it was you, sign in to the portal, then open this link and press &quot;Confirm new
          address&quot;:
        </P>
        <Action href={opts.link}>Confirm this address</Action>
        <Note>
          The link works once, for 24 hours. Until then, the account keeps its current address. If
          it was not you, ignore this e-mail: this address will not be used.
        </Note>
      </MailLayout>,
    ),
    secrets: [opts.link],
  };
}

/** To a new address that already has an account: told, never linked. */
export function addressTakenMail(opts: { to: string }): MailMessage {
  return {
    to: opts.to,
    subject: 'Someone asked to use your address for another account',
    ...renderMail(
      <MailLayout preview="Nothing was changed and nothing else is needed">
        <P>Hello,</P>
        <P>
          Someone signed in to the {company.name} customer portal asked to use this address for
          their account. This address already belongs to an account, so nothing was changed and
          nothing else is needed.
        </P>
        <Note>
          If you have questions, write to{' '}
          <A href={`mailto:${company.supportEmail}`}>{company.supportEmail}</A>.
        </Note>
      </MailLayout>,
    ),
  };
}

/** To the old address: what was asked, and the link that stops (or undoes) it. */
export function changeRequestedNoticeMail(opts: {
  to: string;
  firstName: string;
  newEmail: string;
  reportLink: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Your ${company.name} sign-in address is about to change`,
    ...renderMail(
      <MailLayout preview={`A change of your sign-in address to ${opts.newEmail} was asked for`}>
        <P>Hello {opts.firstName || 'there'},</P>
        <P>
          Someone signed in to your {company.name} portal account asked to change its sign-in
          address to {opts.newEmail}. The change happens only when that address confirms it.
        </P>
        <P>If it was you, nothing else is needed.</P>
        <P>
          If it was not you, secure your account with this link: it cancels the change (or undoes
          it), signs out every session, removes every passkey and tells our support team.
        </P>
        <Action href={opts.reportLink}>It was not me: secure my account</Action>
        <Note>The link works for {REPORT_TTL_DAYS} days.</Note>
      </MailLayout>,
    ),
    secrets: [opts.reportLink],
  };
}

/** To the address a report moved the account away from: what happened, and whom to tell. */
export function changeUndoneMail(opts: {
  to: string;
  firstName: string;
  oldEmail: string;
}): MailMessage {
  return {
    to: opts.to,
    subject: `Your ${company.name} sign-in address was changed back`,
    ...renderMail(
      <MailLayout preview={`The account signs in with ${opts.oldEmail} again`}>
        <P>Hello {opts.firstName || 'there'},</P>
        <P>
          The change of your {company.name} portal sign-in address to this address was reported as
          not asked for, from {opts.oldEmail}. The account signs in with {opts.oldEmail} again,
          every session was signed out and every passkey removed.
        </P>
        <P>
          If you made the change yourself, someone may be able to read mail sent to {opts.oldEmail}:
          write to <A href={`mailto:${company.supportEmail}`}>{company.supportEmail}</A> at once,
          from this address.
        </P>
      </MailLayout>,
    ),
  };
}

/** To support: an owner reported a change they did not ask for. */
export function changeReportedMail(opts: {
  to: string;
  userId: string;
  name: string;
  oldEmail: string;
  newEmail: string;
  outcome: string;
  passkeysRemoved: number;
  tokensRevoked: number;
  invitations: ReportedInvitations;
}): MailMessage {
  const { withdrawn, accepted } = opts.invitations;
  return {
    to: opts.to,
    subject: `Account security report: unrequested e-mail change for ${opts.oldEmail}`,
    ...renderMail(
      <MailLayout preview={`${opts.oldEmail} reported an address change it did not ask for`}>
        <P>
          {opts.oldEmail} reported a change of its sign-in address that its owner did not ask for.
        </P>
        <Fields
          rows={[
            ['Account', `${opts.name} (user id ${opts.userId})`],
            ['Old address', opts.oldEmail],
            ['Address asked for', opts.newEmail],
          ]}
        />
        <P>
          {opts.outcome} Every session of the account has been signed out, its sign-in links
          cancelled and its passkeys removed ({opts.passkeysRemoved}).
          {opts.tokensRevoked > 0 && ` Its API tokens were revoked (${opts.tokensRevoked}).`}
        </P>
        {withdrawn.length > 0 && (
          <P>
            Its invitations still waiting were withdrawn ({withdrawn.length}):{' '}
            {withdrawn.join(', ')}.
          </P>
        )}
        {accepted.length > 0 && (
          <P>
            People who joined a company through its invitations since its oldest possible stolen
            session; please check each with the company: {accepted.join(', ')}.
          </P>
        )}
        <P>
          Please contact the owner at the old address: someone may have had access to their session.
        </P>
      </MailLayout>,
    ),
  };
}
