import { z } from 'zod';
import { isCents } from './fields.ts';
import { dateField, optionalId } from './staff-fields.ts';

export const timeEntryInputSchema = z.object({
  projectId: optionalId('Project not found'),
  workDate: dateField('Work date is required'),
  hours: z
    .number({ message: 'Hours are required' })
    .gt(0, 'Hours must be more than 0')
    .max(24, 'Hours must be at most 24')
    .refine(isCents, 'Hours must have at most 2 decimals'),
  description: z.string().trim().max(1000, 'Must be at most 1000 characters').default(''),
});
export type TimeEntryInput = z.input<typeof timeEntryInputSchema>;

export const staffTimeEntrySchema = z.object({
  id: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  workDate: z.string(),
  hours: z.number(),
  description: z.string(),
  loggedBy: z.string().nullable(),
});
export type StaffTimeEntry = z.infer<typeof staffTimeEntrySchema>;
