const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * True for a real calendar day written `YYYY-MM-DD` (rejects 2026-02-30). Kept apart from the
 * schemas' date fields, which use it: the business hours and statements read it without zod.
 */
export function isCalendarDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(value);
}
