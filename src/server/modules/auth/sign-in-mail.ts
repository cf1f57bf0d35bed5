import type { MailMessage } from '../../services/mail-outbox.ts';
import { company } from '../../../shared/company.ts';
import { CODE_LOCK_MS, MAX_CODE_FAILURES_PER_HOUR } from './tokens.ts';

const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"]/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] ?? c,
  );

/** The magic-link mail: the link for this device, the code for another one. */
export function signInMail(opts: {
  to: string;
  firstName: string;
  link: string;
  code: string;
}): MailMessage {
  const greeting = `Hello ${opts.firstName || 'there'},`;
  return {
    to: opts.to,
    subject: `Your sign-in link for ${company.name}`,
    text: [
      greeting,
      '',
      `Use this link to sign in to the ${company.name} customer portal:`,
      '',
      opts.link,
      '',
      `Or type this code on the sign-in page: ${opts.code}`,
      '',
      'The link and the code work once, for 10 minutes.',
      'If you did not ask to sign in, ignore this e-mail: nobody can sign in without it.',
    ].join('\n'),
    html: `<p>${escapeHtml(greeting)}</p>
<p>Use this link to sign in to the ${escapeHtml(company.name)} customer portal:</p>
<p><a href="${escapeHtml(opts.link)}">Sign in to ${escapeHtml(company.name)}</a></p>
<p>Or type this code on the sign-in page: <strong>${opts.code}</strong></p>
<p>The link and the code work once, for 10 minutes.<br>If you did not ask to sign in, ignore this e-mail: nobody can sign in without it.</p>`,
    secrets: [opts.link, opts.code],
  };
}

/** Told once, when wrong codes for the account turned typed codes off for a day. */
export function codesTurnedOffMail(opts: { to: string; firstName: string }): MailMessage {
  return {
    to: opts.to,
    subject: 'Sign-in codes turned off for your account',
    text: [
      `Hello ${opts.firstName || 'there'},`,
      '',
      `Someone typed ${MAX_CODE_FAILURES_PER_HOUR} wrong sign-in codes for your ${company.name} account within an hour.`,
      `To protect the account, typed codes are turned off for ${CODE_LOCK_MS / 3_600_000} hours; sign-in links still work.`,
      '',
      'If it was you, open the link in your newest sign-in e-mail instead of typing its code.',
      'If it was not you, nothing else is needed: nobody can sign in without a link or code sent to this address.',
    ].join('\n'),
  };
}
