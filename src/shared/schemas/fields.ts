import { z } from 'zod';

/** Trims, and turns an empty or missing optional text into undefined. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .optional()
    .transform((v) => (v ? v : undefined));

/** Required text: trimmed, at least one character, with the spec's message. */
export const requiredText = (message: string, max: number) =>
  z.string({ message }).trim().min(1, message).max(max, `Must be at most ${max} characters`);

export const emailField = (message = 'Valid email is required') =>
  z.string({ message }).trim().max(254, message).pipe(z.email(message));

/**
 * True when a number has at most two decimals (money, hours): it is its own value rounded to
 * cents, up to the float's own precision. An absolute tolerance let 1e-10 through as "0.00"
 * (outside attack of 2026-11-28: a time entry of 1e-10 hours answered 500).
 */
export function isCents(n: number): boolean {
  if (!Number.isFinite(n)) return false;
  const cents = Math.round(n * 100);
  return cents === 0 ? n === 0 : Math.abs(cents / 100 - n) <= Number.EPSILON * Math.abs(n);
}
