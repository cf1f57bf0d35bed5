import type { MailMessage } from '../../services/mail-outbox.ts';
import { company } from '../../../shared/company.ts';

// The mails of an address change. Those to the new address carry nothing the requester
// typed (the form would otherwise relay their text to any address).

/** To the new address: the link the owner opens, signed in, to make it their sign-in address. */
export function confirmNewAddressMail(opts: { to: string; link: string }): MailMessage {
  return {
    to: opts.to,
    subject: `Confirm your new sign-in address for ${company.name}`,
    text: [
      'Hello,',
      '',
      `Someone signed in to the ${company.name} customer portal asked to use this address to sign in from now on.`,
      '',
      'If it was you, sign in to the portal, then open this link and press "Confirm new address":',
      opts.link,
      '',
      'The link works once, for 24 hours. Until then, the account keeps its current address.',
      'If it was not you, ignore this e-mail: this address will not be used.',
    ].join('\n'),
    secrets: [opts.link],
  };
}

/** To a new address that already has an account: told, never linked. */
export function addressTakenMail(opts: { to: string }): MailMessage {
  return {
    to: opts.to,
    subject: 'Someone asked to use your address for another account',
    text: [
      'Hello,',
      '',
      `Someone signed in to the ${company.name} customer portal asked to use this address for their account.`,
      'This address already belongs to an account, so nothing was changed and nothing else is needed.',
      '',
      `If you have questions, write to ${company.supportEmail}.`,
    ].join('\n'),
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
    text: [
      `Hello ${opts.firstName || 'there'},`,
      '',
      `Someone signed in to your ${company.name} portal account asked to change its sign-in address to ${opts.newEmail}.`,
      'The change happens only when that address confirms it.',
      '',
      'If it was you, nothing else is needed.',
      'If it was not you, secure your account with this link: it cancels the change (or undoes it), signs out every session and tells our support team.',
      opts.reportLink,
      '',
      'The link works for 30 days.',
    ].join('\n'),
    secrets: [opts.reportLink],
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
}): MailMessage {
  return {
    to: opts.to,
    subject: `Account security report: unrequested e-mail change for ${opts.oldEmail}`,
    text: [
      `${opts.oldEmail} reported a change of its sign-in address that its owner did not ask for.`,
      '',
      `Account: ${opts.name} (user id ${opts.userId})`,
      `Old address: ${opts.oldEmail}`,
      `Address asked for: ${opts.newEmail}`,
      '',
      opts.outcome,
      'Every session of the account has been signed out and its sign-in links cancelled.',
      'Please contact the owner at the old address: someone may have had access to their session.',
    ].join('\n'),
  };
}
