import { describe, expect, it } from 'vitest';
import { describeSignInMethod } from './auth.ts';

describe('describeSignInMethod', () => {
  it('names the identity provider of a single sign-on by its host', () => {
    expect(describeSignInMethod('sso', 'https://login.example.com/tenant/v2.0')).toBe(
      'Single sign-on (login.example.com)',
    );
  });
  it('falls back to the label without an issuer, with a malformed one, and for other methods', () => {
    expect(describeSignInMethod('sso', null)).toBe('Single sign-on');
    expect(describeSignInMethod('sso', 'not a url')).toBe('Single sign-on');
    expect(describeSignInMethod('passkey', 'https://ignored.example')).toBe('Passkey');
  });
});
