import { afterEach, describe, expect, it } from 'vitest';
import { cspNonce, forgetSessionHint, mayBeSignedIn } from './server-hints.ts';

const setMeta = (name: string, content: string) => {
  const meta = document.createElement('meta');
  meta.name = name;
  meta.content = content;
  document.head.append(meta);
};

describe('the values the server writes into the page', () => {
  afterEach(() => document.head.replaceChildren());

  it('skip "who am I" only when the server said no session cookie came', () => {
    expect(mayBeSignedIn()).toBe(true);
    setMeta('session-hint', '__SESSION_HINT__');
    expect(mayBeSignedIn()).toBe(true);
    document.head.replaceChildren();
    setMeta('session-hint', 'present');
    expect(mayBeSignedIn()).toBe(true);
    document.head.replaceChildren();
    setMeta('session-hint', 'absent');
    expect(mayBeSignedIn()).toBe(false);
  });

  it('say signed out once "who am I" answered 401 (ADR 049)', () => {
    setMeta('session-hint', 'present');
    forgetSessionHint();
    expect(mayBeSignedIn()).toBe(false);
    expect(document.querySelector('meta[name="session-hint"]')?.getAttribute('content')).toBe(
      'absent',
    );
  });

  it('read the style nonce, ignoring the unfilled token', () => {
    expect(cspNonce()).toBeUndefined();
    setMeta('csp-nonce', '__CSP_NONCE__');
    expect(cspNonce()).toBeUndefined();
    document.head.replaceChildren();
    setMeta('csp-nonce', 'bm9uY2U=');
    expect(cspNonce()).toBe('bm9uY2U=');
  });
});
