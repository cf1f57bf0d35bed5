import { describe, expect, it } from 'vitest';
import { tagLabel } from './openapi-document.ts';

describe('the API reference headings', () => {
  it('read as words, with the acronyms in capitals (looked at 2026-11-28: "Staff Sla-Targets")', () => {
    expect(tagLabel('staff sla-targets')).toBe('Staff: SLA targets');
    expect(tagLabel('staff api-tokens')).toBe('Staff: API tokens');
    expect(tagLabel('staff sso')).toBe('Staff: SSO');
    expect(tagLabel('staff staff-members')).toBe('Staff: Staff members');
    expect(tagLabel('invoices')).toBe('Invoices');
    expect(tagLabel('sign-in-policy')).toBe('Sign-in policy');
    expect(tagLabel('staff sign-ins')).toBe('Staff: Sign-ins');
  });
});
