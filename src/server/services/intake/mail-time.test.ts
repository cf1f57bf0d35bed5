import { describe, expect, it } from 'vitest';
import { hoursOfMinutes, minutesOf, takeTimeLine } from './mail-time.ts';

describe('the time line of an agent mail reply (ADR 074)', () => {
  it.each([
    ['30m', 30],
    ['30 min', 30],
    ['90 minutes', 90],
    ['1h', 60],
    ['2 hours', 120],
    ['1.5h', 90],
    ['1.25 hrs', 75],
    ['1h 30m', 90],
    ['1h30m', 90],
    ['2 hours 15 minutes', 135],
    ['1:30', 90],
    ['0:05', 5],
    ['0m', 0],
  ])('reads %s as %i minutes', (value, minutes) => {
    expect(minutesOf(value)).toBe(minutes);
  });

  it.each(['', 'soon', '30', '1,5h', '-1h', '1:75', 'h', '1h 30', '30m please'])(
    'reads %j as no time',
    (value) => {
      expect(minutesOf(value)).toBeUndefined();
    },
  );

  it('takes only a line of its own, removes every time line, and refuses two', () => {
    expect(takeTimeLine('I spent time: 30m on it')).toEqual({
      text: 'I spent time: 30m on it',
      time: { kind: 'none' },
    });
    expect(takeTimeLine('Done.\n  TIME :  45m \nBye')).toEqual({
      text: 'Done.\nBye',
      time: { kind: 'minutes', minutes: 45 },
    });
    expect(takeTimeLine('> time: 2h').time).toEqual({ kind: 'none' });
    const two = takeTimeLine('time: 1h\nOK\ntime: 2h');
    expect(two.text).toBe('OK');
    expect(two.time.kind).toBe('refused');
  });

  it('refuses 0 and more than 24 hours; 24 h is the most', () => {
    expect(takeTimeLine('time: 0h').time).toEqual({
      kind: 'refused',
      reason: 'The time must be more than 0',
    });
    expect(takeTimeLine('time: 24h 1m').time).toEqual({
      kind: 'refused',
      reason: 'The time must be at most 24 hours',
    });
    expect(takeTimeLine('time: 24h').time).toEqual({ kind: 'minutes', minutes: 1440 });
  });

  it('holds minutes as hours of two decimals', () => {
    expect(hoursOfMinutes(20)).toBe(0.33);
    expect(hoursOfMinutes(25)).toBe(0.42);
    expect(hoursOfMinutes(90)).toBe(1.5);
  });
});
