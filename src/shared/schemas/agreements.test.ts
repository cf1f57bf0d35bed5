import { describe, expect, it } from 'vitest';
import { agreementInputSchema, formatMinutes } from './agreements.ts';

describe('agreements in the shared schema (ADR 071)', () => {
  it('says time spent as the portal shows it', () => {
    expect(formatMinutes(0)).toBe('0 min');
    expect(formatMinutes(45)).toBe('45 min');
    expect(formatMinutes(60)).toBe('1 h');
    expect(formatMinutes(90)).toBe('1 h 30 min');
    expect(formatMinutes(1455)).toBe('24 h 15 min');
  });

  it('asks hours of a retainer and a block, none of time and materials', () => {
    const base = {
      name: 'Plan',
      startsOn: '2026-01-01',
      hourlyRate: 100,
      overageRate: 120,
      timeZone: 'america/chicago',
    };
    expect(agreementInputSchema.safeParse({ ...base, type: 'retainer' }).success).toBe(false);
    expect(agreementInputSchema.safeParse({ ...base, type: 'prepaid', hours: 10 }).success).toBe(
      true,
    );
    const tm = agreementInputSchema.parse({ ...base, type: 'time-and-materials' });
    expect(tm).toMatchObject({ hours: null, services: [], timeZone: 'America/Chicago' });
  });
});
