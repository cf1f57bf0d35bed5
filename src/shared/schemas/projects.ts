import { z } from 'zod';

export const projectStatuses = ['in-progress', 'completed', 'scheduled', 'on-hold'] as const;
export type ProjectStatus = (typeof projectStatuses)[number];
export const milestoneStatuses = ['completed', 'in-progress', 'pending'] as const;

/** Spec section 3 "Milestone". */
export const milestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(milestoneStatuses),
  dueDate: z.string(),
  completedDate: z.string().nullable(),
});
export type Milestone = z.infer<typeof milestoneSchema>;

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
