import { z } from 'zod';
import { requiredText } from './fields.ts';
import { milestoneSchema } from './milestones.ts';
import { dateField, optionalDateField } from './staff-fields.ts';
import { projectStatuses } from '../status-values.ts';

export { projectStatuses };
export type ProjectStatus = (typeof projectStatuses)[number];
/** Spec section 3 "Project"; milestones in due-date order. */
export const projectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(projectStatuses),
  progress: z.number().int().min(0).max(100),
  startDate: z.string(),
  estimatedCompletion: z.string().nullable(),
  endDate: z.string().nullable(),
  projectManager: z.string(),
  notes: z.string(),
  milestones: z.array(milestoneSchema),
});
export type Project = z.infer<typeof projectSchema>;
export const projectListSchema = z.array(projectSchema);
/** What a role without the `projects` permission sees of a project (issue 18). */
export const projectNameSchema = projectSchema.pick({ id: true, name: true, status: true });
export type ProjectName = z.infer<typeof projectNameSchema>;
/** `GET .../projects`: whole projects, or names and statuses only, by the reader's role. */
export const projectListAnswerSchema = z.union([projectListSchema, z.array(projectNameSchema)]);

/** The projects screen's cards: a count per status over all of a company's projects, and their total. */
export const projectSummarySchema = z.object({
  total: z.number(),
  'in-progress': z.number(),
  completed: z.number(),
  scheduled: z.number(),
  'on-hold': z.number(),
});
export type ProjectSummary = z.infer<typeof projectSummarySchema>;

/** What staff see of a project: the portal's own shape. */
export const staffProjectSchema = projectSchema;
export type StaffProject = Project;

export const projectInputSchema = z.object({
  name: requiredText('Project name is required', 200),
  description: z.string().trim().max(5000, 'Must be at most 5000 characters').default(''),
  status: z.enum(projectStatuses, {
    message: 'Status must be in-progress, completed, scheduled or on-hold',
  }),
  progress: z
    .number({ message: 'Progress must be a number from 0 to 100' })
    .int('Progress must be a whole number')
    .min(0, 'Progress must be a number from 0 to 100')
    .max(100, 'Progress must be a number from 0 to 100'),
  startDate: dateField('Start date is required'),
  estimatedCompletion: optionalDateField('Estimated completion must be a date'),
  endDate: optionalDateField('End date must be a date'),
  projectManager: z.string().trim().max(200, 'Must be at most 200 characters').default(''),
  notes: z.string().trim().max(10000, 'Must be at most 10000 characters').default(''),
});
export type ProjectInput = z.input<typeof projectInputSchema>;
