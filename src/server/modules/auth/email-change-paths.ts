/** The two links an address change mails: to the new address, and to the old one. */
export const EMAIL_CHANGE_PATHS = {
  confirm: '/api/auth/email/confirm',
  report: '/api/auth/email/report',
} as const;
