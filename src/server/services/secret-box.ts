// Secrets the server must read back (webhook signing secrets, ADR 033; TOTP seeds and SSO
// client secrets, issue 19) cannot be stored as hashes: they are encrypted at rest
// (AES-256-GCM) with a key derived per purpose from SESSION_SECRET (or a key of their own),
// so a copy of the database alone does not reveal them.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** What a secret is for: each purpose has its own derived key, so one never opens another's. */
export type SecretPurpose = 'webhook-secrets' | 'totp-secrets' | 'sso-client-secrets';

/**
 * Derived once per root secret and purpose: the webhook worker opens an endpoint's secret at
 * every delivery, and HKDF each time was a few per cent of its CPU. A handful of keys at most.
 */
const derivedKeys = new Map<string, Buffer>();
function keyFrom(rootSecret: string, purpose: SecretPurpose): Buffer {
  const id = `${purpose}\n${rootSecret}`;
  let key = derivedKeys.get(id);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', rootSecret, purpose, 'aes-256-gcm', 32));
    derivedKeys.set(id, key);
  }
  return key;
}

/** A new webhook signing secret: recognisable prefix, 256 random bits. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** `v1.<iv>.<tag>.<ciphertext>` in base64url, under the newest root secret. */
export function encryptSecret(
  secret: string,
  rootSecrets: string[],
  purpose: SecretPurpose = 'webhook-secrets',
): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(rootSecrets[0] ?? '', purpose), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Tries every root secret (newest first), so rotating SESSION_SECRET keeps secrets readable. */
export function decryptSecret(
  stored: string,
  rootSecrets: string[],
  purpose: SecretPurpose = 'webhook-secrets',
): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !data) throw new Error('unknown secret format');
  for (const rootSecret of rootSecrets) {
    try {
      const decipher = createDecipheriv(
        'aes-256-gcm',
        keyFrom(rootSecret, purpose),
        Buffer.from(iv, 'base64url'),
      );
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(data, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      // Encrypted under another (older or newer) root secret.
    }
  }
  throw new Error(`${purpose}: cannot be decrypted with any root secret`);
}
