// "Add Unbilled Time" on a draft (issue 39 item 1, ADR 066 addendum): the company's logged
// hours on no invoice yet, filtered by project and work dates.
import { z } from 'zod';
import { staffTimeEntrySchema } from './time-entries.ts';
import { optionalDateField, optionalId } from './staff-fields.ts';

/** The most entries one read lists; the rest are read after these are billed. */
export const UNBILLED_TIME_LIMIT = 500;

export const unbilledTimeQuerySchema = z
  .object({
    projectId: optionalId('Project not found'),
    from: optionalDateField('From date must be a date'),
    to: optionalDateField('To date must be a date'),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'To date cannot be before the from date',
    path: ['to'],
  });
export type UnbilledTimeQuery = z.output<typeof unbilledTimeQuerySchema>;

export const unbilledTimeSchema = z.object({
  /** Oldest work day first, the order they are billed in. */
  entries: z.array(staffTimeEntrySchema),
  /** True when more entries match than are listed. */
  more: z.boolean(),
});
export type UnbilledTime = z.infer<typeof unbilledTimeSchema>;

/** How picked entries become lines: one per project (or none), or one per entry. */
export const timeGroupings = ['project', 'entry'] as const;
export type TimeGrouping = (typeof timeGroupings)[number];
