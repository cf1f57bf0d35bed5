import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './secret-box.ts';

const OLD = 'old-root-secret-old-root-secret-0123456';
const NEW = 'new-root-secret-new-root-secret-0123456';

describe('secret box', () => {
  it('reads back what it sealed, under the same root secret and purpose', () => {
    const sealed = encryptSecret('whsec_abc', [NEW]);
    expect(sealed).not.toContain('whsec_abc');
    expect(decryptSecret(sealed, [NEW])).toBe('whsec_abc');
  });

  it('keeps a secret sealed under a rotated-out root secret readable (keys are cached per root)', () => {
    const sealedOld = encryptSecret('seed-1', [OLD], 'totp-secrets');
    // The key of NEW is derived (and cached) first; OLD's must still be its own.
    expect(
      decryptSecret(encryptSecret('seed-2', [NEW], 'totp-secrets'), [NEW], 'totp-secrets'),
    ).toBe('seed-2');
    expect(decryptSecret(sealedOld, [NEW, OLD], 'totp-secrets')).toBe('seed-1');
    expect(() => decryptSecret(sealedOld, [NEW], 'totp-secrets')).toThrow(/cannot be decrypted/);
  });

  it('never opens one purpose with another purpose key, nor an altered box', () => {
    const sealed = encryptSecret('client-secret', [NEW], 'sso-client-secrets');
    expect(() => decryptSecret(sealed, [NEW], 'webhook-secrets')).toThrow(/cannot be decrypted/);
    const [v, iv, tag, data] = sealed.split('.');
    const flipped = `${data!.startsWith('A') ? 'B' : 'A'}${data!.slice(1)}`;
    expect(() =>
      decryptSecret([v, iv, tag, flipped].join('.'), [NEW], 'sso-client-secrets'),
    ).toThrow();
  });
});
