// The server-rendered sign-in pages. They work without JavaScript (the CSP forbids
// inline scripts); the sign-in page alone loads one script of this site, which adds passkeys
// where the browser has them (docs/decisions/040-passkeys.md). Inline <style> keeps them one request,
// allowed by its hash (the CSP has no 'unsafe-inline').
import { createHash } from 'node:crypto';
import { company } from '../../../shared/company.ts';
import { companyRoleLabels, type CompanyRole } from '../../../shared/permissions.ts';
import { INVITATION_PATH, paths, SSO_PATHS } from '../../../shared/routes.ts';
import { EMAIL_CHANGE_PATHS, REPORT_TTL_DAYS } from './email-change-paths.ts';

export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f1f5f9;color:#0f172a;line-height:1.5}
main{max-width:28rem;margin:4rem auto;padding:0 1rem}
.brand{display:block;margin-bottom:1.5rem;font-weight:700;font-size:1.125rem;color:#1d4ed8;text-decoration:none}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:.5rem;padding:1.5rem;box-shadow:0 1px 2px rgba(15,23,42,.06);overflow-wrap:anywhere}
h1{font-size:1.5rem;margin:0 0 .5rem}
p{margin:.5rem 0;color:#334155}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{width:100%;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.375rem;font:inherit}
input[aria-invalid=true]{border-color:#b91c1c}
input:focus,button:focus,a:focus{outline:3px solid #93c5fd;outline-offset:2px}
button{margin-top:1rem;width:100%;padding:.625rem 1rem;border:0;border-radius:.375rem;background:#1d4ed8;color:#fff;font:inherit;font-weight:600;cursor:pointer}
button:hover{background:#1e40af}
.error{color:#b91c1c;font-size:.875rem;margin:.25rem 0 0}
.alert{border:1px solid #fecaca;background:#fef2f2;color:#991b1b;border-radius:.375rem;padding:.75rem;margin:0 0 1rem}
.muted{font-size:.875rem;color:#475569}
a{color:#1d4ed8}
button.secondary{background:#fff;color:#1d4ed8;border:1px solid #1d4ed8}
button.secondary:hover{background:#eff6ff}
[hidden]{display:none}
hr{border:0;border-top:1px solid #e2e8f0;margin:1.5rem 0}
fieldset{border:0;margin:1rem 0 0;padding:0}
legend{font-weight:600;margin-bottom:.25rem}
.choice{display:flex;align-items:center;gap:.5rem;font-weight:400;margin:.25rem 0}
.choice input{width:auto}
textarea{width:100%;min-height:6rem;padding:.625rem .75rem;border:1px solid #94a3b8;border-radius:.375rem;font:inherit}
textarea:focus,input[type=radio]:focus{outline:3px solid #93c5fd;outline-offset:2px}
`;

/** The CSP source that allows exactly this page's `<style>` element. */
export const PAGE_STYLE_SOURCE = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${escapeHtml(title)} | ${escapeHtml(company.name)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<a class="brand" href="${paths.home}">${escapeHtml(company.name)}</a>
<div class="card">
${body}
</div>
</main>
</body>
</html>`;
}

/** One labelled text field with its error under it, tied together for screen readers. */
function field(opts: {
  id: string;
  label: string;
  type: string;
  value: string;
  error?: string;
  autocomplete: string;
  extra?: string;
}): string {
  const errorId = `${opts.id}-error`;
  const invalid = opts.error ? ` aria-invalid="true" aria-describedby="${errorId}"` : '';
  return `<label for="${opts.id}">${escapeHtml(opts.label)}</label>
<input id="${opts.id}" name="${opts.id}" type="${opts.type}" value="${escapeHtml(opts.value)}" autocomplete="${opts.autocomplete}" required${invalid}${opts.extra ?? ''}>
${opts.error ? `<p class="error" id="${errorId}">${escapeHtml(opts.error)}</p>` : ''}`;
}

const csrfInput = (csrf: string) =>
  `<input type="hidden" name="_csrf" value="${escapeHtml(csrf)}">`;

/** A form that is one button: the second step of a link opened from a mail (scanners only GET). */
function buttonForm(opts: { action: string; csrf: string; token?: string; label: string }) {
  const token =
    opts.token === undefined
      ? ''
      : `\n<input type="hidden" name="token" value="${escapeHtml(opts.token)}">`;
  return `<form method="post" action="${opts.action}">
${csrfInput(opts.csrf)}${token}
<button type="submit">${escapeHtml(opts.label)}</button>
</form>`;
}

/** A company's single sign-on for the typed address (only for domains an SSO company owns). */
export type SsoChoice = { company: string; email: string };

function ssoBlock(sso: SsoChoice | undefined, lead: string) {
  if (!sso) return '';
  return `<hr>
<p class="muted">${escapeHtml(lead)}</p>
<form method="get" action="${SSO_PATHS.start}">
<input type="hidden" name="email" value="${escapeHtml(sso.email)}">
<button type="submit">Continue with ${escapeHtml(sso.company)}</button>
</form>`;
}

export function loginPage(opts: {
  csrf: string;
  email?: string;
  error?: string;
  alert?: string;
  sso?: SsoChoice;
}) {
  return layout(
    'Sign in',
    `<h1>Sign in to the customer portal</h1>
<p>Enter the e-mail address of your account. We will e-mail you a sign-in link and a code.</p>
${opts.alert ? `<p class="alert" role="alert">${escapeHtml(opts.alert)}</p>` : ''}
<form method="post" action="${paths.login}" novalidate>
${csrfInput(opts.csrf)}
${field({ id: 'email', label: 'Email', type: 'email', value: opts.email ?? '', error: opts.error, autocomplete: 'username webauthn' })}
<button type="submit">Email me a sign-in link</button>
</form>${ssoBlock(opts.sso, `${opts.sso?.company ?? ''} uses single sign-on for this address.`)}
<div id="passkey" hidden>
<p class="alert" role="alert" id="passkey-error" hidden></p>
<button type="button" class="secondary" id="passkey-sign-in">Sign in with a passkey</button>
</div>
<script type="module" src="/login-passkey.js"></script>`,
  );
}

/** A company that signs in only through its own provider: no link, its button instead. */
export function ssoRequiredPage(sso: SsoChoice) {
  return layout(
    'Use single sign-on',
    `<h1>Use single sign-on</h1>
<p role="alert">Your company signs in with ${escapeHtml(sso.company)}’s single sign-on.</p>
<p>No sign-in link was sent to <strong>${escapeHtml(sso.email)}</strong>.</p>
<form method="get" action="${SSO_PATHS.start}">
<input type="hidden" name="email" value="${escapeHtml(sso.email)}">
<button type="submit">Continue with ${escapeHtml(sso.company)}</button>
</form>
<p class="muted"><a href="${paths.login}">Use a different e-mail address</a></p>`,
  );
}

export function checkInboxPage(opts: {
  csrf: string;
  email: string;
  codeError?: string;
  sso?: SsoChoice;
}) {
  return layout(
    'Check your inbox',
    `<h1>Check your inbox</h1>
<p>If <strong>${escapeHtml(opts.email)}</strong> belongs to an account, we have e-mailed it a sign-in link. The link and its code work once, for 10 minutes.</p>
<hr>
<form method="post" action="${paths.login}/code" novalidate>
${csrfInput(opts.csrf)}
<input type="hidden" name="email" value="${escapeHtml(opts.email)}">
${field({ id: 'code', label: 'Sign-in code', type: 'text', value: '', error: opts.codeError, autocomplete: 'one-time-code', extra: ' inputmode="numeric" maxlength="6"' })}
<p class="muted">Reading the e-mail on another device? Type the 6-digit code from it here.</p>
<button type="submit">Sign in with code</button>
</form>${ssoBlock(opts.sso, `Or sign in with ${opts.sso?.company ?? ''}’s single sign-on.`)}
<p class="muted"><a href="${paths.login}">Use a different e-mail address</a></p>`,
  );
}

export function verifyPage(opts: { csrf: string; token: string }) {
  return layout(
    `Sign in to ${company.name}`,
    `<h1>Sign in to ${escapeHtml(company.name)}</h1>
<p>Press the button to finish signing in on this device.</p>
${buttonForm({ action: `${paths.login}/verify`, csrf: opts.csrf, token: opts.token, label: 'Sign in' })}`,
  );
}

export function invalidLinkPage() {
  return layout(
    'Link not valid',
    `<h1>This sign-in link is not valid</h1>
<p>It has expired, has already been used, or was replaced by a newer link. Links work once, for 10 minutes.</p>
<p><a href="${paths.login}">Request a new sign-in link</a></p>`,
  );
}

export function messagePage(opts: { title: string; message: string }) {
  return layout(
    opts.title,
    `<h1>${escapeHtml(opts.title)}</h1>
<p role="alert">${escapeHtml(opts.message)}</p>
<p><a href="${paths.login}">Back to sign-in</a></p>`,
  );
}

/** Shown when another site sent the browser to /api/logout: signing out takes this button. */
export function signOutPage(opts: { csrf: string }) {
  return layout(
    'Sign out',
    `<h1>Sign out?</h1>
<p>Another site sent you here. Press the button to sign out of the ${escapeHtml(company.name)} portal, or close this page to stay signed in.</p>
${buttonForm({ action: paths.logout, csrf: opts.csrf, label: 'Sign out' })}`,
  );
}

/** The confirmation link's page for its signed-in owner: one button, like the sign-in link's. */
export function confirmEmailPage(opts: { csrf: string; token: string; newEmail: string }) {
  return layout(
    'Confirm your new e-mail address',
    `<h1>Confirm your new e-mail address</h1>
<p>From now on, sign in with <strong>${escapeHtml(opts.newEmail)}</strong>.</p>
${buttonForm({ action: EMAIL_CHANGE_PATHS.confirm, csrf: opts.csrf, token: opts.token, label: 'Confirm new address' })}`,
  );
}

export function signInToConfirmPage() {
  return layout(
    'Sign in to confirm',
    `<h1>Sign in to confirm</h1>
<p>Only the account that asked for this address can confirm it. Sign in with your current address, then open the link from the e-mail again.</p>
<p><a href="${paths.login}">Sign in</a></p>`,
  );
}

export function signInAgainToConfirmPage() {
  return layout(
    'Sign in again to confirm',
    `<h1>Sign in again to confirm</h1>
<p>For your security, a new sign-in address is confirmed only within 10 minutes of a full sign-in (for staff, with the second factor too). Sign out, sign in with your current address, then open the link from the e-mail again.</p>
<p><a href="${paths.logout}">Sign out</a></p>`,
  );
}

export function otherAccountPage() {
  return layout(
    'Link for another account',
    `<h1>This link is for another account</h1>
<p>You are signed in with an account that did not ask for this change. Sign out, sign in with the account that asked for it, then open the link again.</p>
<p><a href="${paths.logout}">Sign out</a></p>`,
  );
}

export function emailLinkNotValidPage() {
  return layout(
    'Link not valid',
    `<h1>This link is not valid</h1>
<p>It has expired (it works for 24 hours), has already been used, or a newer request replaced it. Your sign-in address has not changed.</p>
<p><a href="${paths.profile}">Back to your profile</a></p>`,
  );
}

export function addressTakenPage() {
  return layout(
    'Address not available',
    `<h1>This address is no longer available</h1>
<p>Another account uses it now, so your sign-in address has not changed.</p>
<p><a href="${paths.profile}">Back to your profile</a></p>`,
  );
}

/** The old address's link: what pressing the button does, then the button. */
export function reportChangePage(opts: { csrf: string; token: string }) {
  return layout(
    'Secure your account',
    `<h1>Did not ask for this change?</h1>
<p>Press the button to cancel the change of your sign-in address (or undo it if it has happened), sign out every session of your account, remove every passkey, and tell our support team.</p>
${buttonForm({ action: EMAIL_CHANGE_PATHS.report, csrf: opts.csrf, token: opts.token, label: 'Secure my account' })}`,
  );
}

/** After "It was not me"; `passkeysKept` where the company signs in with passkeys or SSO. */
export function reportDonePage({ passkeysKept }: { passkeysKept: boolean }) {
  const body = passkeysKept
    ? `<p role="status">Every session is signed out and our support team has been told and will contact you to settle which address is yours. Your passkeys still sign you in.</p>
<p><a href="${paths.login}">Sign in again</a> as your company asks.</p>`
    : `<p role="status">The change of address is cancelled, every session is signed out, every passkey is removed, and our support team has been told and will contact you.</p>
<p><a href="${paths.login}">Sign in again</a> with your usual address, then add your passkeys again.</p>`;
  return layout(
    'Account secured',
    `<h1>Your account is secured</h1>
${body}`,
  );
}

export function reportLinkNotValidPage() {
  return layout(
    'Link not valid',
    `<h1>This link is not valid</h1>
<p>It has been used already, or is more than ${REPORT_TTL_DAYS} days old. If you need help, write to <a href="mailto:${company.supportEmail}">${escapeHtml(company.supportEmail)}</a>.</p>`,
  );
}

/** The unsubscribe link's page: opening it changes nothing (mail scanners open links), the button does. */
export function unsubscribePage(opts: { action: string; what: string }) {
  return layout(
    'Unsubscribe',
    `<h1>Unsubscribe?</h1>
<p>Press the button to stop ${escapeHtml(opts.what)} from the ${escapeHtml(company.name)} portal.</p>
<form method="post" action="${escapeHtml(opts.action)}">
<button type="submit">Unsubscribe</button>
</form>
<p class="muted">You can turn them on again under Notification Preferences on your <a href="${paths.profile}">profile</a>.</p>`,
  );
}

export function unsubscribedPage(opts: { what: string }) {
  return layout(
    'Unsubscribed',
    `<h1>You are unsubscribed</h1>
<p role="status">You will no longer get ${escapeHtml(opts.what)}.</p>
<p class="muted">You can turn them on again under Notification Preferences on your <a href="${paths.profile}">profile</a>.</p>`,
  );
}

/**
 * A colleague invitation's link (review N3): what accepting means, then the button; a new
 * address gives its own names here (never the inviter: review N9).
 */
export function invitationPage(opts: {
  csrf: string;
  token: string;
  companyName: string;
  role: CompanyRole;
  email: string;
  newAccount: boolean;
  firstName?: string;
  lastName?: string;
  error?: string;
}) {
  const names = opts.newAccount
    ? `<p>You are new to the portal: tell us your name.</p>
${field({ id: 'firstName', label: 'First name', type: 'text', value: opts.firstName ?? '', error: opts.error, autocomplete: 'given-name', extra: ' maxlength="100"' })}
${field({ id: 'lastName', label: 'Last name', type: 'text', value: opts.lastName ?? '', error: opts.error, autocomplete: 'family-name', extra: ' maxlength="100"' })}`
    : '';
  return layout(
    'Invitation',
    `<h1>Join ${escapeHtml(opts.companyName)}?</h1>
<p>${escapeHtml(opts.companyName)} invites <strong>${escapeHtml(opts.email)}</strong> to its customer portal as ${escapeHtml(companyRoleLabels[opts.role])}. Its admins will see your name, address, role and, from now on, your sign-ins.</p>
<form method="post" action="${INVITATION_PATH}" novalidate>
${csrfInput(opts.csrf)}
<input type="hidden" name="token" value="${escapeHtml(opts.token)}">
${names}
<button type="submit">Accept invitation</button>
</form>
<p class="muted">Not for you? Close this page: nothing changes, and the invitation expires.</p>`,
  );
}

export function invitationNotValidPage() {
  return layout(
    'Invitation not valid',
    `<h1>This invitation is not valid</h1>
<p>It has been used already, was withdrawn or renewed, or is more than 7 days old. Ask the company's admin to invite you again.</p>
<p><a href="${paths.login}">Sign in</a></p>`,
  );
}

export function invitationAcceptedPage(opts: { companyName: string; email: string }) {
  return layout(
    'Invitation accepted',
    `<h1>Welcome to ${escapeHtml(opts.companyName)}</h1>
<p role="status">You are now a member of ${escapeHtml(opts.companyName)} in the portal.</p>
<p><a href="${paths.login}?email=${encodeURIComponent(opts.email)}">Sign in</a> with ${escapeHtml(opts.email)} to see it.</p>`,
  );
}
