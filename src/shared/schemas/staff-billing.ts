import { z } from 'zod';
import { documentCategories } from './documents.ts';
import { requiredText } from './fields.ts';
import { invoiceStatuses } from './invoices.ts';
import { milestoneStatuses, projectStatuses } from './projects.ts';
import { dateField, optionalDateField, optionalId } from './staff-fields.ts';

/** Upload size limit for one document. */
export const MAX_DOCUMENT_BYTES = 25 * 1024 * 1024;
export const DOCUMENT_TOO_LARGE = 'The file is larger than 25 MB';

const isCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6;

/** An optional payment link: an empty input or null (the form sends its parsed value) means "none". */
const httpUrl = z
  .union([
    z.literal(''),
    z.null(),
    z
      .string()
      .trim()
      .max(2000, 'Payment link must be at most 2000 characters')
      .pipe(z.url({ protocol: /^https?$/, message: 'Payment link must be an http(s) URL' })),
  ])
  .optional()
  .transform((v) => v || null);

export const invoiceInputSchema = z
  .object({
    number: requiredText('Invoice number is required', 50),
    description: requiredText('Description is required', 500),
    amount: z
      .number({ message: 'Amount is required' })
      .min(0, 'Amount cannot be negative')
      .max(9_999_999_999.99, 'Amount is too large')
      .refine(isCents, 'Amount must have at most 2 decimals'),
    status: z.enum(invoiceStatuses, { message: 'Status must be paid, pending or overdue' }),
    issueDate: dateField('Issue date is required'),
    dueDate: dateField('Due date is required'),
    paymentUrl: httpUrl,
  })
  .refine((v) => v.dueDate >= v.issueDate, {
    message: 'Due date cannot be before the issue date',
    path: ['dueDate'],
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;

export const staffInvoiceSchema = z.object({
  id: z.string(),
  number: z.string(),
  description: z.string(),
  amount: z.number(),
  status: z.enum(invoiceStatuses),
  issueDate: z.string(),
  dueDate: z.string(),
  paymentUrl: z.string().nullable(),
});
export type StaffInvoice = z.infer<typeof staffInvoiceSchema>;

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

export const staffMilestoneSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  status: z.enum(milestoneStatuses),
  dueDate: z.string(),
  completedDate: z.string().nullable(),
});
export type StaffMilestone = z.infer<typeof staffMilestoneSchema>;

export const staffProjectSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(projectStatuses),
  progress: z.number(),
  startDate: z.string(),
  estimatedCompletion: z.string().nullable(),
  endDate: z.string().nullable(),
  projectManager: z.string(),
  notes: z.string(),
  milestones: z.array(staffMilestoneSchema),
});
export type StaffProject = z.infer<typeof staffProjectSchema>;

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

/** The form fields sent with an uploaded file (before the file part). */
export const documentFieldsSchema = z.object({
  category: z.enum(documentCategories, { message: 'Category is required' }),
  projectId: optionalId('Project not found'),
});
export type DocumentFieldsInput = z.input<typeof documentFieldsSchema>;

export const staffDocumentSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  size: z.number(),
  category: z.enum(documentCategories),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});
export type StaffDocument = z.infer<typeof staffDocumentSchema>;
