import { describe, expect, it } from 'vitest';
import { quoteExpired, quoteStatus } from './quotes.ts';

describe('a quote’s validity (ADR 072)', () => {
  it('lasts until its last day has ended everywhere on Earth (UTC−12)', () => {
    // 2030-03-31 ends at 12:00 UTC on 1 April in UTC−12.
    expect(quoteExpired('2030-03-31', new Date('2030-04-01T11:59:59.999Z'))).toBe(false);
    expect(quoteExpired('2030-03-31', new Date('2030-04-01T12:00:00Z'))).toBe(true);
    expect(quoteExpired('2030-03-31', new Date('2030-03-31T00:00:00Z'))).toBe(false);
  });

  it('shows a sent quote past it as expired; a decided one keeps its state', () => {
    const after = new Date('2030-05-01T00:00:00Z');
    expect(quoteStatus('sent', '2030-03-31', after)).toBe('expired');
    expect(quoteStatus('accepted', '2030-03-31', after)).toBe('accepted');
    expect(quoteStatus('declined', '2030-03-31', after)).toBe('declined');
    expect(quoteStatus('draft', '2030-03-31', after)).toBe('draft');
  });
});
