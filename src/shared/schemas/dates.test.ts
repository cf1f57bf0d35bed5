import { describe, expect, it } from 'vitest';
import { z } from 'zod';

// Every schema module's exports, so a date field added later is covered without editing this list.
// Not the test files beside them: importing one would run its tests again inside this file.
const modules = import.meta.glob<Record<string, unknown>>(['./*.ts', '!./*.test.ts'], {
  eager: true,
});

/** Input fields that take a calendar day: they accept 2026-03-01 and refuse other text. */
function dateFields(): { name: string; field: z.ZodType }[] {
  const found: { name: string; field: z.ZodType }[] = [];
  for (const [file, exports] of Object.entries(modules)) {
    for (const [exportName, value] of Object.entries(exports)) {
      if (!(value instanceof z.ZodObject)) continue;
      for (const [key, field] of Object.entries(value.shape as Record<string, z.ZodType>)) {
        // A date field refuses a word too (a base64url id takes digits and hyphens, not dates).
        const refuses = (text: string) => !field.safeParse(text).success;
        if (field.safeParse('2026-03-01').success && refuses('not a date') && refuses('abcdef')) {
          found.push({ name: `${file} ${exportName}.${key}`, field });
        }
      }
    }
  }
  return found;
}

// Issue 13, item 9: years 1900-9999 only; year 0000 used to reach the database and answer 500.
describe('every date field of every shared schema', () => {
  const fields = dateFields();

  it('finds the date fields (invoices, projects, milestones, time entries)', () => {
    expect(fields.length).toBeGreaterThanOrEqual(8);
  });

  it('accepts days from 1900-01-01 to 9999-12-31, or the last ten years to today for a day money changed hands', () => {
    const today = new Date().toISOString().slice(0, 10);
    for (const { name, field } of fields) {
      for (const day of ['2026-02-28', today]) {
        expect(field.safeParse(day).success, `${name} ${day}`).toBe(true);
      }
      // Past-only fields refuse a day over ten years back (tenth outside attack), and only so.
      const old = field.safeParse('1900-01-01');
      const oldMessages = old.success ? [] : old.error.issues.map((i) => i.message);
      expect(
        old.success || oldMessages.every((m) => m.endsWith('cannot be more than 10 years ago')),
        `${name} 1900-01-01: ${oldMessages.join('; ')}`,
      ).toBe(true);
      const farFuture = field.safeParse('9999-12-31');
      // Only past-only fields (payments, credit notes) may refuse it, and only as a future day.
      const messages = farFuture.success ? [] : farFuture.error.issues.map((i) => i.message);
      expect(
        farFuture.success || messages.every((m) => m.endsWith('cannot be in the future')),
        `${name} 9999-12-31: ${messages.join('; ')}`,
      ).toBe(true);
    }
  });

  it('refuses years before 1900, year 0000, and days that do not exist', () => {
    for (const { name, field } of fields) {
      for (const day of ['0000-01-01', '0001-01-01', '1899-12-31', '10000-01-01', '2026-02-30']) {
        expect(field.safeParse(day).success, `${name} ${day}`).toBe(false);
      }
    }
  });
});
