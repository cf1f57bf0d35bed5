/** The two links an address change mails: to the new address, and to the old one. */
export const EMAIL_CHANGE_PATHS = {
  confirm: '/api/auth/email/confirm',
  report: '/api/auth/email/report',
} as const;

/**
 * Days the old address's report link works. Short, because the owner may be leaving that
 * mailbox for a reason: whoever holds it later must not take the account back with the notice
 * (issue 35, M5). Past it, support decides.
 */
export const REPORT_TTL_DAYS = 3;
