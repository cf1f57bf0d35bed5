import { describe, expect, it } from 'vitest';
import { formatBusinessDuration, formatShortDuration, slaTargetsInputSchema } from './sla.ts';

describe('SLA texts and targets', () => {
  it('words a target for customers', () => {
    expect(formatBusinessDuration(60)).toBe('1 business hour');
    expect(formatBusinessDuration(240)).toBe('4 business hours');
    expect(formatBusinessDuration(90)).toBe('1 business hour and 30 minutes');
    expect(formatBusinessDuration(45)).toBe('45 business minutes');
    expect(formatBusinessDuration(1)).toBe('1 business minute');
  });

  it('shortens time left for the queue, either side of due', () => {
    expect(formatShortDuration(135)).toBe('2 h 15 min');
    expect(formatShortDuration(-45)).toBe('45 min');
    expect(formatShortDuration(1800)).toBe('30 h');
  });

  it('wants each priority once', () => {
    const row = { firstResponseMinutes: 60, resolutionMinutes: 120 };
    expect(
      slaTargetsInputSchema.safeParse([
        { priority: 'high', ...row },
        { priority: 'normal', ...row },
        { priority: 'low', ...row },
      ]).success,
    ).toBe(true);
    expect(
      slaTargetsInputSchema.safeParse([
        { priority: 'high', ...row },
        { priority: 'high', ...row },
        { priority: 'low', ...row },
      ]).success,
    ).toBe(false);
  });
});
