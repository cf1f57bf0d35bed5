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

/** True when a number has at most two decimals (money, hours). */
export const isCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
