// The server must sign with each endpoint's secret, so it cannot store only a hash: the secret
// is encrypted at rest (AES-256-GCM) with a key derived from SESSION_SECRET (ADR 033). A copy
// of the database alone does not reveal it.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const keyFrom = (sessionSecret: string) =>
  Buffer.from(hkdfSync('sha256', sessionSecret, 'webhook-secrets', 'aes-256-gcm', 32));

/** A new signing secret: recognisable prefix, 256 random bits. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `v1.<iv>.<tag>.<ciphertext>` in base64url, under the newest session secret. */
export function encryptSecret(secret: string, sessionSecrets: string[]): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(sessionSecrets[0] ?? ''), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Tries every session secret (newest first), so rotating SESSION_SECRET keeps webhooks working. */
export function decryptSecret(stored: string, sessionSecrets: string[]): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown webhook secret format');
  for (const sessionSecret of sessionSecrets) {
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        keyFrom(sessionSecret),
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Encrypted under another (older or newer) session secret.
    }
  }
  throw new Error('webhook secret cannot be decrypted with any SESSION_SECRET');
}
