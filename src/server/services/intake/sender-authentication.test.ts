import { describe, expect, it } from 'vitest';
import { senderAuthentication } from './sender-authentication.ts';

describe("the receiving server's verdict on a staff sender (review N7)", () => {
  it('passes DMARC for the sender domain, or an aligned DKIM signature when DMARC did not fail', () => {
    const verdict = (header: string | undefined) => senderAuthentication(header, 'example.com');
    expect(verdict(undefined)).toBe('absent');
    expect(verdict('mx.test; dmarc=pass (p=reject) header.from=example.com')).toBe('pass');
    expect(verdict('mx.test; dmarc=pass header.from=other.example')).toBe('not-pass');
    expect(verdict('mx.test; dkim=pass header.d=mail.example.com; dmarc=none')).toBe('pass');
    expect(verdict('mx.test; dkim=pass header.i=@example.com')).toBe('pass');
    expect(verdict('mx.test; dkim=pass header.d=attacker.example')).toBe('not-pass');
    expect(
      verdict('mx.test; dkim=pass header.d=example.com; dmarc=fail header.from=example.com'),
    ).toBe('not-pass');
    expect(verdict('mx.test; spf=pass smtp.mailfrom=example.com')).toBe('not-pass');
    expect(verdict('mx.test; none')).toBe('not-pass');
    // A comment saying "dmarc=pass" is no verdict.
    expect(verdict('mx.test; spf=fail (dmarc=pass header.from=example.com)')).toBe('not-pass');
  });
});
