import type { Assurance } from '../../plugins/session/assurance.ts';

/**
 * What every `/api` route must declare (issue 35, ADR 046): its prefix's level unless it is
 * listed. A new route under a prefix gets that level by its scope; anything else, or a level
 * changed, fails `assurance.test.ts` until this file says so too, in the same change.
 */
export const PREFIX_LEVELS: readonly (readonly [string, Assurance])[] = [
  ['/api/customers/', 'signed-in'],
  ['/api/staff/', 'staff'],
];

export const LISTED_LEVELS: Readonly<Record<string, Assurance>> = {
  'GET /api/openapi.json': 'anonymous',
  'GET /api/health': 'anonymous',
  'GET /api/ready': 'anonymous',
  'GET /api/login': 'anonymous',
  'POST /api/login': 'anonymous',
  'GET /api/login/verify': 'anonymous',
  'POST /api/login/verify': 'anonymous',
  'POST /api/login/code': 'anonymous',
  'GET /api/logout': 'anonymous',
  'POST /api/logout': 'anonymous',
  'GET /api/auth/email/confirm': 'anonymous',
  'POST /api/auth/email/confirm': 'recent-sign-in',
  'GET /api/auth/email/report': 'anonymous',
  // The mailed accept link: its token is the proof (ADR 046).
  'GET /api/auth/invitation': 'anonymous',
  'POST /api/auth/invitation': 'anonymous',
  'POST /api/auth/email/report': 'anonymous',
  'GET /api/notifications/unsubscribe': 'anonymous',
  'POST /api/notifications/unsubscribe': 'anonymous',
  'GET /api/rate': 'anonymous',
  'POST /api/rate': 'anonymous',
  'GET /api/auth/sso': 'anonymous',
  'GET /api/auth/sso/start': 'anonymous',
  'GET /api/auth/sso/callback': 'anonymous',
  'GET /api/auth/user': 'half-signed-in',
  'GET /api/auth/sign-ins': 'signed-in',
  'PUT /api/auth/profile': 'signed-in',
  'PUT /api/auth/notifications': 'signed-in',
  'GET /api/auth/notifications/delivery': 'signed-in',
  'PUT /api/auth/notifications/delivery': 'signed-in',
  'POST /api/auth/logout-all': 'signed-in',
  'GET /api/auth/passkeys': 'signed-in',
  'POST /api/auth/passkeys/registration-options': 'adding-a-factor',
  'POST /api/auth/passkeys': 'adding-a-factor',
  'PATCH /api/auth/passkeys/:passkeyId': 'signed-in',
  'DELETE /api/auth/passkeys/:passkeyId': 'signed-in',
  'POST /api/auth/passkey-sign-in/options': 'anonymous',
  'POST /api/auth/passkey-sign-in': 'anonymous',
  'GET /api/auth/second-factor': 'half-signed-in',
  'POST /api/auth/second-factor/totp': 'adding-a-factor',
  'POST /api/auth/second-factor/totp/confirm': 'adding-a-factor',
  'POST /api/auth/second-factor/verify': 'half-signed-in',
  'POST /api/auth/second-factor/recovery-codes': 'recent-sign-in',
  'POST /api/contact': 'anonymous',
  // The public help center: public articles only, whoever asks (ADR 078).
  'GET /api/kb/search': 'anonymous',
  'GET /api/kb/articles/:slug': 'anonymous',
  'POST /api/quote': 'anonymous',
  // Stripe's events: the signature over the raw body is the proof (ADR 067).
  'POST /api/stripe/webhook': 'anonymous',
  'GET /api/customers/:customerId/team/sign-in-policy': 'signed-in',
  'PUT /api/customers/:customerId/team/sign-in-policy': 'recent-sign-in',
  // ADR 058: who may do what in the workspace; a stolen old session promotes no one.
  'PUT /api/staff/staff-members/:userId/role': 'staff-recent',
  'POST /api/staff/staff-members/:userId/second-factor/reset': 'staff-recent',
  'POST /api/staff/customers/:customerId/users': 'staff-recent',
  'PATCH /api/staff/users/:userId': 'staff-session',
  // Availability is a person's own (ADR 063): no API token marks anyone away.
  'GET /api/staff/me/availability': 'staff-session',
  'PUT /api/staff/me/availability': 'staff-session',
  'PATCH /api/staff/customers/:customerId/members/:userId': 'staff-session',
  'PUT /api/staff/customers/:customerId/sso': 'staff-recent',
  'PUT /api/staff/customers/:customerId/sign-in-policy': 'staff-recent',
  'GET /api/staff/api-tokens': 'staff-session',
  'POST /api/staff/api-tokens': 'staff-recent',
  'DELETE /api/staff/api-tokens/:id': 'staff-session',
  'POST /api/staff/unmatched-mail/:id/attach': 'staff-session',
  // Issue 38 (ADR 059): a token may open tickets for a company's users (a phone system logging
  // calls); the requester must be an active user of that company, as for an agent.
  'POST /api/staff/tickets': 'staff',
  'POST /api/staff/webhooks': 'staff-session',
  'PUT /api/staff/webhooks/:webhookId': 'staff-session',
  'DELETE /api/staff/webhooks/:webhookId': 'staff-session',
  'POST /api/staff/webhooks/:webhookId/test': 'staff-session',
};
