// One-click unsubscribe (RFC 8058): the link in a notification mail names the user and the
// kind and carries an HMAC over both, keyed from SESSION_SECRET, so it works without signing
// in and cannot be forged for another user or kind. It does not expire: an old mail's link
// must still unsubscribe. Rotating SESSION_SECRET keeps older secrets accepted (config).
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { notificationKinds, type NotificationKind } from '../../shared/schemas/notifications.ts';
import { paths } from '../../shared/routes.ts';

/** A kind's switch, or `digest`: every kind a digest carries (invoices, projects, maintenance). */
export type UnsubscribeScope = NotificationKind | 'digest';
const scopes: readonly string[] = [...notificationKinds, 'digest'];

const keyFrom = (secret: string) =>
  Buffer.from(hkdfSync('sha256', secret, 'unsubscribe-links', 'hmac-sha256', 32));

const mac = (secret: string, userId: string, kind: string) =>
  createHmac('sha256', keyFrom(secret)).update(`${userId}:${kind}`).digest('base64url');

/** `<userId>.<kind>.<mac>`, signed with the newest secret. */
export function unsubscribeToken(
  sessionSecrets: string[],
  userId: string,
  kind: UnsubscribeScope,
): string {
  return `${userId}.${kind}.${mac(sessionSecrets[0] ?? '', userId, kind)}`;
}

/** The user and kind a token names, or null when it is malformed or its MAC is wrong. */
export function readUnsubscribeToken(
  sessionSecrets: string[],
  token: string,
): { userId: string; kind: UnsubscribeScope } | null {
  const [userId, kind, given, ...rest] = token.split('.');
  if (!userId || !kind || !given || rest.length > 0) return null;
  if (!scopes.includes(kind)) return null;
  const givenBytes = Buffer.from(given, 'base64url');
  const valid = sessionSecrets.some((secret) => {
    const expected = Buffer.from(mac(secret, userId, kind), 'base64url');
    return expected.length === givenBytes.length && timingSafeEqual(expected, givenBytes);
  });
  return valid ? { userId, kind: kind as UnsubscribeScope } : null;
}

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';

/**
 * A notification mail's links and headers: its one-click unsubscribe (RFC 8058: the mail
 * client's own button posts to the same address) and the preferences page.
 */
export function unsubscribeLinks(
  config: { appUrl: string; sessionSecrets: string[] },
  userId: string,
  scope: UnsubscribeScope,
) {
  const token = unsubscribeToken(config.sessionSecrets, userId, scope);
  const unsubscribe = `${config.appUrl}${UNSUBSCRIBE_PATH}?token=${token}`;
  return {
    links: { unsubscribe, preferences: `${config.appUrl}${paths.profile}` },
    headers: {
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
    // The token never expires: the outbox forgets it once the mail is sent (review N14).
    secrets: [token],
  };
}
