import { z } from 'zod';
import { isCalendarDay } from '../calendar-day.ts';

export { isCalendarDay };

/** The years a date field accepts: PostgreSQL refuses year 0000, and earlier days are typos. */
export const FIRST_YEAR = 1900;
export const DATE_RANGE_MESSAGE = `Dates must be between ${FIRST_YEAR}-01-01 and 9999-12-31`;

export const dateField = (message: string) =>
  z
    .string({ message })
    .trim()
    .refine(isCalendarDay, message)
    .refine((day) => Number(day.slice(0, 4)) >= FIRST_YEAR, DATE_RANGE_MESSAGE);

/** How far back a past day may go: older is a typing slip (1900 for 2026), not a record. */
export const PAST_DAY_YEARS = 10;

/**
 * A day something already happened (money changed hands, work was done): not after today
 * anywhere on Earth (UTC+14), so an entry made late in the evening west of UTC is not refused,
 * and not more than ten years back (tenth outside attack: time was taken for 1900-01-01).
 */
export const pastDay = (message: string, label: string) =>
  dateField(message)
    .refine(
      (day) => day <= new Date(Date.now() + 14 * 3_600_000).toISOString().slice(0, 10),
      `${label} cannot be in the future`,
    )
    .refine((day) => {
      const floor = new Date();
      floor.setUTCFullYear(floor.getUTCFullYear() - PAST_DAY_YEARS);
      return day >= floor.toISOString().slice(0, 10);
    }, `${label} cannot be more than ${PAST_DAY_YEARS} years ago`);

/** An optional day: an empty input or null means "none". */
export const optionalDateField = (message: string) =>
  z
    .union([z.literal(''), z.null(), dateField(message)])
    .optional()
    .transform((v) => v || null);

/** An optional reference to a row (a select's empty value means "none"). */
export const optionalId = (message: string) =>
  z
    .union([z.literal(''), z.null(), z.uuid(message)])
    .optional()
    .transform((v) => v || null);
