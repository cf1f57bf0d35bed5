import { z } from 'zod';
import { requiredText } from './fields.ts';
import { dateField, optionalDateField } from './staff-fields.ts';
import { milestoneStatuses } from '../status-values.ts';

export { milestoneStatuses };

/** Spec section 3 "Milestone"; staff see the same. */
export const milestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(milestoneStatuses),
  dueDate: z.string(),
  completedDate: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;
export type StaffMilestone = Milestone;

export const milestoneInputSchema = z.object({
  title: requiredText('Milestone title is required', 200),
  description: z.string().trim().max(2000, 'Must be at most 2000 characters').default(''),
  status: z.enum(milestoneStatuses, {
    message: 'Status must be completed, in-progress or pending',
  }),
  dueDate: dateField('Due date is required'),
  completedDate: optionalDateField('Completed date must be a date'),
});
export type MilestoneInput = z.input<typeof milestoneInputSchema>;
