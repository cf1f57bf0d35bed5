import { z } from 'zod';
import { company } from '../company.ts';
import { dateField } from './staff-fields.ts';
import { ticketPriorities } from './tickets.ts';

type TicketPriority = (typeof ticketPriorities)[number];

/** First-response and resolution targets of one priority, in business minutes. */
export interface SlaTarget {
  priority: TicketPriority;
  firstResponseMinutes: number;
  resolutionMinutes: number;
}

/** Issue 17's defaults (high 1 h / 8 h, normal 4 h / 24 h, low 8 h / 72 h) until staff edit them. */
export const defaultSlaTargets: readonly SlaTarget[] = [
  { priority: 'high', firstResponseMinutes: 60, resolutionMinutes: 8 * 60 },
  { priority: 'normal', firstResponseMinutes: 4 * 60, resolutionMinutes: 24 * 60 },
  { priority: 'low', firstResponseMinutes: 8 * 60, resolutionMinutes: 72 * 60 },
];

/**
 * Under this share of its target left (75 % of the business time gone), a running clock is
 * "at risk": the queue's badge and the warning to the assignee (ADR 064) read the same instant.
 */
export const AT_RISK_SHARE = 0.25;

export const MAX_TARGET_MINUTES = 1000 * 60;
const minutes = (what: string) =>
  z
    .number({ message: `${what} must be a number of minutes` })
    .int(`${what} must be a whole number of minutes`)
    .min(1, `${what} must be at least 1 minute`)
    .max(MAX_TARGET_MINUTES, `${what} must be at most 1000 hours`);

export const slaTargetSchema = z.object({
  priority: z.enum(ticketPriorities, { message: 'Priority must be high, normal or low' }),
  firstResponseMinutes: minutes('First response'),
  resolutionMinutes: minutes('Resolution'),
});

/** The settings form: one row per priority, each once; a first response within its resolution. */
export const slaTargetsInputSchema = z
  .array(slaTargetSchema)
  .length(ticketPriorities.length, 'Give targets for high, normal and low')
  .refine((rows) => new Set(rows.map((r) => r.priority)).size === rows.length, {
    message: 'Give targets for high, normal and low',
  })
  .refine((rows) => rows.every((r) => r.firstResponseMinutes <= r.resolutionMinutes), {
    message: 'A first response target cannot be longer than its resolution target',
  });

export const slaTargetsSchema = z.array(slaTargetSchema);

/**
 * A company's targets (ADR 064, ADR 073): per priority, the minutes in force today and where
 * they come from — the active agreement covering the day (named), the company's own, or the
 * help desk's default — and the company's own override, kept under an agreement's.
 */
export const slaSources = ['agreement', 'company', 'default'] as const;
export const companySlaTargetsSchema = z.array(
  slaTargetSchema.extend({
    source: z.enum(slaSources),
    /** The agreement whose targets are in force (source `agreement`). */
    agreementName: z.string().optional(),
    /** The company's own minutes of this priority, in force or not; null: none. */
    own: slaTargetSchema.omit({ priority: true }).nullable(),
  }),
);
export type CompanySlaTarget = z.infer<typeof companySlaTargetsSchema>[number];

/**
 * Own targets per priority (a company's, ADR 064; an agreement's, ADR 073): each priority at
 * most once, a first response within its resolution; at least `min` of them.
 */
const ownTargetsSchema = (min: number) =>
  z
    .array(slaTargetSchema, { message: 'SLA targets must be a list' })
    .min(min, 'Give targets for at least one priority')
    .max(ticketPriorities.length, 'Give each priority once')
    .refine((rows) => new Set(rows.map((r) => r.priority)).size === rows.length, {
      message: 'Give each priority once',
    })
    .refine((rows) => rows.every((r) => r.firstResponseMinutes <= r.resolutionMinutes), {
      message: 'A first response target cannot be longer than its resolution target',
    });

/** A company's overrides: the priorities it has its own targets for (the others use the default). */
export const companySlaTargetsInputSchema = ownTargetsSchema(1);
/** An agreement's targets: none (it leaves the company's in force) or some priorities. */
export const agreementSlaTargetsInputSchema = ownTargetsSchema(0);

/** A day the help desk is closed on a working weekday (a holiday): no SLA clock runs. */
export const closedDaySchema = z.object({ day: z.string(), name: z.string() });
export type ClosedDay = z.infer<typeof closedDaySchema>;

/** How far back and ahead a closed day may lie: the clocks read this window only. */
export const CLOSED_DAYS_BACK_DAYS = 366;
export const CLOSED_DAYS_AHEAD_DAYS = 2 * 366;

export const CLOSED_DAY_MESSAGES = {
  date: 'Date must be a real date (YYYY-MM-DD)',
  window: 'A closed day must lie within a year back and two years ahead',
  weekday: `A closed day must be a working day (${company.hours})`,
  name: 'Name is required',
  nameLong: 'Name must be at most 80 characters',
  taken: 'That day is already a closed day',
  unknown: 'Closed day not found',
} as const;

/** The form's shape; the window and weekday rules need today and the hours (the service). */
export const closedDayInputSchema = z.object({
  day: dateField(CLOSED_DAY_MESSAGES.date),
  name: z
    .string({ message: CLOSED_DAY_MESSAGES.name })
    .trim()
    .min(1, CLOSED_DAY_MESSAGES.name)
    .max(80, CLOSED_DAY_MESSAGES.nameLong),
});
export type ClosedDayInput = z.infer<typeof closedDayInputSchema>;

/** Which target a ticket's clock is running for: the first staff reply, then the close. */
export const slaClockKinds = ['first-response', 'resolution'] as const;
export type SlaClockKind = (typeof slaClockKinds)[number];
export const slaStates = ['on-track', 'at-risk', 'breached', 'paused'] as const;
export type SlaState = (typeof slaStates)[number];

/** The running clock of a ticket in the queue; null once closed (or for tickets from before SLAs). */
export const ticketSlaSchema = z
  .object({
    clock: z.enum(slaClockKinds),
    dueAt: z.string(),
    /** The target's business minutes (the time left is counted from `dueAt` with the shared clock). */
    targetMinutes: z.number(),
    /** Since when the resolution clock waits on the customer (pending); `dueAt` moves when it runs again. */
    pausedAt: z.string().nullable(),
    /**
     * `at-risk` from the instant 25 % of the target's business time is left; `breached` from
     * due; `paused` while pending and the customer has the next word.
     */
    state: z.enum(slaStates),
  })
  .nullable();
export type TicketSla = z.infer<typeof ticketSlaSchema>;

/** A target's outcome on the ticket dialog. */
export const slaOutcomeSchema = z.object({
  dueAt: z.string(),
  /** When it was done (the first staff reply, the close); null while pending. */
  doneAt: z.string().nullable(),
  /** False once it can no longer be met; null while it still can. */
  met: z.boolean().nullable(),
});

/** What a customer may read: how soon the company usually answers, per priority. */
export const responseTimesSchema = z.object({
  businessHours: z.string(),
  targets: z.array(z.object({ priority: z.enum(ticketPriorities), minutes: z.number() })),
});
export type ResponseTimes = z.infer<typeof responseTimesSchema>;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "4 business hours", "1 business hour and 30 minutes", "45 business minutes". */
export function formatBusinessDuration(totalMinutes: number): string {
  const m = Math.max(0, Math.round(totalMinutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${plural(rest, 'business minute')}`;
  return `${plural(h, 'business hour')}${rest ? ` and ${plural(rest, 'minute')}` : ''}`;
}

/** Short form for the queue, in business time: "2 h 15 min", "45 min", "30 h". */
export function formatShortDuration(totalMinutes: number): string {
  const m = Math.round(Math.abs(totalMinutes));
  const h = Math.floor(m / 60);
  const rest = m % 60;
  if (h === 0) return `${rest} min`;
  return rest ? `${h} h ${rest} min` : `${h} h`;
}
