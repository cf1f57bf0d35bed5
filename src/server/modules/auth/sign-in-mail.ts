import type { MailMessage } from '../../plugins/mail/outbox.ts';
import { company } from '../../../shared/company.ts';

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
  };
}
