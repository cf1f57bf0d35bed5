import { z } from 'zod';
import { isCents } from './fields.ts';
import { optionalId, pastDay } from './staff-fields.ts';

/** A time entry names a ticket of its own company, or none. */
export const TICKET_NOT_OF_COMPANY = 'Ticket is not of this company';

export const timeEntryInputSchema = z.object({
  projectId: optionalId('Project not found'),
  /** The ticket the hours were spent on (the ticket screen's "Log Time"); none from the company page. */
  // A number staff could not have picked is refused like another company's: one message.
  ticketId: z
    .string({ message: TICKET_NOT_OF_COMPANY })
    .trim()
    .regex(/^(TK-\d{1,12})?$/i, TICKET_NOT_OF_COMPANY)
    .nullable()
    .optional()
    .transform((v) => v?.toUpperCase() || null),
  workDate: pastDay('Work date is required', 'Work date'),
  hours: z
    .number({ message: 'Hours are required' })
    .gt(0, 'Hours must be more than 0')
    .max(24, 'Hours must be at most 24')
    .refine(isCents, 'Hours must have at most 2 decimals'),
  description: z.string().trim().max(1000, 'Must be at most 1000 characters').default(''),
  /** The agreement the hours draw down (ADR 071): the company's, active on the work date. */
  agreementId: optionalId('Agreement not found'),
  /** Non-billable time is recorded but draws nothing down. */
  billable: z.boolean({ message: 'Billable must be true or false' }).default(true),
});
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;

export const staffTimeEntrySchema = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  ticketId: z.string().nullable(),
  workDate: z.string(),
  hours: z.number(),
  description: z.string(),
  loggedBy: z.string().nullable(),
  agreementId: z.string().nullable(),
  billable: z.boolean(),
});
export type StaffTimeEntry = z.infer<typeof staffTimeEntrySchema>;

/** The ticket screen's "Time": every entry logged on the ticket, newest first, and their sum. */
export const ticketTimeSchema = z.object({
  totalHours: z.number(),
  entries: z.array(staffTimeEntrySchema),
});
export type TicketTime = z.infer<typeof ticketTimeSchema>;
