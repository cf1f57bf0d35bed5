import { z } from 'zod';
import { timeEntryInputSchema } from './time-entries.ts';

/** A staff member's timer on a ticket (ADR 074): one per member, kept on the server. */
export const staffTimerSchema = z.object({
  ticketId: z.string(),
  customerId: z.string(),
  subject: z.string(),
  running: z.boolean(),
  /** Seconds counted up to the server's answer; a running timer goes on from there. */
  elapsedSeconds: z.number().int(),
});
export type StaffTimer = z.infer<typeof staffTimerSchema>;

/** `GET /api/staff/timer`: the member's timer, or none. */
export const staffTimerStateSchema = z.object({ timer: staffTimerSchema.nullable() });
export type StaffTimerState = z.infer<typeof staffTimerStateSchema>;

export const startTimerSchema = z.object({
  ticketId: z
    .string({ message: 'Ticket not found' })
    .trim()
    .regex(/^TK-\d{1,12}$/i, 'Ticket not found')
    .transform((v) => v.toUpperCase()),
});

/** What stopping the timer logs: the Log Time dialog's fields; the ticket is the timer's. */
export const timerLogSchema = timeEntryInputSchema.pick({
  workDate: true,
  hours: true,
  description: true,
  agreementId: true,
  billable: true,
});

export const TIMER_MESSAGES = {
  none: 'You have no timer',
  running: (ticketId: string) => `Your timer is on ${ticketId}: stop it first`,
  alreadyPaused: 'The timer is already paused',
  alreadyRunning: 'The timer is already running',
} as const;

/** Whole minutes of a timer's seconds, at least 1: what the Log Time dialog is prefilled with. */
export const timerMinutes = (seconds: number) => Math.max(1, Math.round(seconds / 60));
