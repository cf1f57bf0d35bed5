// Scheduled tickets (issue 38 item 4, ADR 062): a company's ticket template that a worker
// opens on a schedule (weekly, monthly, quarterly) at a local time in an explicit zone.
import { z } from 'zod';
import { requiredText } from './fields.ts';
import { optionalDateField, optionalId } from './staff-fields.ts';
import { ticketCategories, ticketDepartments, ticketPriorities } from './tickets.ts';

export const scheduleFrequencies = ['weekly', 'monthly', 'quarterly'] as const;
export type ScheduleFrequency = (typeof scheduleFrequencies)[number];

export const scheduleFrequencyLabels: Record<ScheduleFrequency, string> = {
  weekly: 'Weekly',
  monthly: 'Monthly',
  quarterly: 'Quarterly',
};

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const weekdayNames = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** A day of the month: 1..28 exists in every month; later days are "last" (ADR 062). */
export type MonthDay = number | 'last';

export const SCHEDULE_TIME_ZONE_INVALID = 'Time zone must be an IANA zone such as Europe/Berlin';

/** An IANA zone name the platform knows ("Europe/Berlin", "UTC"); offsets like "+01:00" are not zones. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Form selects give strings: numbers are coerced, "" means not chosen.
const chosenNumber = (message: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number({ message }).int(message).min(1, message).max(max, message).optional(),
  );

const monthDayField = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z
    .union(
      [z.literal('last'), z.coerce.number().int().min(1).max(28, 'Day must be 1 to 28, or last')],
      { message: 'Day must be 1 to 28, or last' },
    )
    .optional(),
);

/** What staff send to create or change a schedule. */
export const scheduledTicketInputSchema = z
  .object({
    customerId: z.uuid('Choose a company'),
    subject: requiredText('Subject is required', 200),
    description: requiredText('Description is required', 10000),
    priority: z
      .enum(ticketPriorities, { message: 'Priority must be high, normal or low' })
      .default('normal'),
    category: z.enum(ticketCategories, { message: 'Category is not in the list' }),
    department: z.enum(ticketDepartments, { message: 'Department is not in the list' }),
    /** A user of the company; none: the company's first active admin at each run. */
    requesterUserId: optionalId('Choose a user'),
    /** An active staff member; none: the ticket opens unassigned. */
    assigneeUserId: optionalId('Choose a staff member'),
    frequency: z.enum(scheduleFrequencies, {
      message: 'Frequency must be weekly, monthly or quarterly',
    }),
    weekday: chosenNumber('Weekday must be 1 (Monday) to 7 (Sunday)', 7),
    monthDay: monthDayField,
    /** 1..3: the first, second or third month of each quarter (Jan/Apr/Jul/Oct = 1). */
    quarterMonth: chosenNumber('Month of the quarter must be 1, 2 or 3', 3),
    timeOfDay: z
      .string({ message: 'Time must be HH:MM' })
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Time must be HH:MM'),
    timeZone: z
      .string({ message: SCHEDULE_TIME_ZONE_INVALID })
      .refine(isTimeZone, { message: SCHEDULE_TIME_ZONE_INVALID })
      // Stored as the platform spells it ("america/chicago" is America/Chicago), so a schedule
      // reads the same wherever it is shown (outside attack, issue 38).
      .transform(
        (zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
      ),
    /** Optional first day (local date): the first run is on or after it, and not in the past. */
    startsOn: optionalDateField('Start date must be YYYY-MM-DD'),
  })
  .superRefine((v, ctx) => {
    if (v.frequency === 'weekly' && v.weekday === undefined) {
      ctx.addIssue({ code: 'custom', path: ['weekday'], message: 'Choose a weekday' });
    }
    if (v.frequency !== 'weekly' && v.monthDay === undefined) {
      ctx.addIssue({ code: 'custom', path: ['monthDay'], message: 'Choose a day of the month' });
    }
    if (v.frequency === 'quarterly' && v.quarterMonth === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['quarterMonth'],
        message: 'Choose the month of the quarter',
      });
    }
  });
export type ScheduledTicketInput = z.input<typeof scheduledTicketInputSchema>;
export type ScheduledTicketValues = z.output<typeof scheduledTicketInputSchema>;

/** A schedule as the staff API returns it. */
export const scheduledTicketSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  subject: z.string(),
  description: z.string(),
  priority: z.enum(ticketPriorities),
  category: z.string(),
  department: z.string(),
  requesterUserId: z.string().nullable(),
  requesterName: z.string().nullable(),
  assigneeUserId: z.string().nullable(),
  assigneeName: z.string().nullable(),
  frequency: z.enum(scheduleFrequencies),
  weekday: z.number().nullable(),
  monthDay: z.union([z.number(), z.literal('last')]).nullable(),
  quarterMonth: z.number().nullable(),
  timeOfDay: z.string(),
  timeZone: z.string(),
  paused: z.boolean(),
  /** The next run's instant (ISO); null while paused. */
  nextRunAt: z.string().nullable(),
  /** The last ticket a run opened, if any. */
  lastTicketId: z.string().nullable(),
});
export type ScheduledTicket = z.infer<typeof scheduledTicketSchema>;

export const scheduledTicketListQuerySchema = z.object({
  customerId: z.uuid('Choose a company'),
});

export const scheduledTicketPauseSchema = z.object({
  paused: z.boolean({ message: 'Paused must be true or false' }),
});
