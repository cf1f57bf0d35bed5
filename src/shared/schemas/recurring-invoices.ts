// Recurring invoices (issue 39 item 4, ADR 068): a company's template of invoice lines that a
// worker turns into one invoice per period (monthly, quarterly, yearly) at local midnight of
// the run day in an explicit zone, left as a draft, issued, or issued and mailed.
import { z } from 'zod';
import { requiredText } from './fields.ts';
import { billedLineInputSchema, invoiceLineSchema, percent } from './invoice-documents.ts';
import { invoiceStates } from './invoices.ts';
import { isTimeZone, SCHEDULE_TIME_ZONE_INVALID } from './scheduled-tickets.ts';
import { dateField, optionalDateField } from './staff-fields.ts';

export const recurringCadences = ['monthly', 'quarterly', 'yearly'] as const;
export type RecurringCadence = (typeof recurringCadences)[number];

export const recurringCadenceLabels: Record<RecurringCadence, string> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  yearly: 'Yearly',
};

/** What a run does with the invoice it makes. */
export const recurringActions = ['draft', 'issue', 'issue-and-mail'] as const;
export type RecurringAction = (typeof recurringActions)[number];

export const recurringActionLabels: Record<RecurringAction, string> = {
  draft: 'Leave a draft',
  issue: 'Issue',
  'issue-and-mail': 'Issue and mail',
};

/** What staff send to create or change a schedule. */
export const recurringInvoiceInputSchema = z
  .object({
    name: requiredText('Name is required', 200),
    /** When given, it must be the company's currency (as for a draft). */
    currency: z.string().trim().toUpperCase().optional(),
    discount: percent('Discount').default(0),
    lines: z
      .array(billedLineInputSchema, { message: 'Lines are required' })
      .min(1, 'An invoice needs at least one line')
      .max(200, 'An invoice has at most 200 lines'),
    cadence: z.enum(recurringCadences, {
      message: 'Cadence must be monthly, quarterly or yearly',
    }),
    /** Day of the period's first month; 29–31 run on the month's last day when it is shorter. */
    runDay: z.coerce
      .number({ message: 'Run day must be 1 to 31' })
      .int('Run day must be 1 to 31')
      .min(1, 'Run day must be 1 to 31')
      .max(31, 'Run day must be 1 to 31'),
    timeZone: z
      .string({ message: SCHEDULE_TIME_ZONE_INVALID })
      .refine(isTimeZone, { message: SCHEDULE_TIME_ZONE_INVALID })
      .transform(
        (zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
      ),
    paymentTermsDays: z.coerce
      .number({ message: 'Payment terms must be 0 to 365 days' })
      .int('Payment terms must be 0 to 365 days')
      .min(0, 'Payment terms must be 0 to 365 days')
      .max(365, 'Payment terms must be 0 to 365 days'),
    action: z.enum(recurringActions, {
      message: 'Action must be draft, issue or issue-and-mail',
    }),
    startsOn: dateField('Start date must be YYYY-MM-DD'),
    endsOn: optionalDateField('End date must be YYYY-MM-DD'),
  })
  .refine((v) => v.endsOn === null || v.endsOn >= v.startsOn, {
    message: 'End date cannot be before the start date',
    path: ['endsOn'],
  });
export type RecurringInvoiceInput = z.input<typeof recurringInvoiceInputSchema>;
export type RecurringInvoiceValues = z.output<typeof recurringInvoiceInputSchema>;

export const recurringInvoiceActiveSchema = z.object({
  active: z.boolean({ message: 'Active must be true or false' }),
});

/** A schedule as the staff API returns it. */
export const recurringInvoiceSchema = z.object({
  id: z.string(),
  customerId: z.string(),
  name: z.string(),
  currency: z.string(),
  discount: z.number(),
  // A template line names its project by id only (the company card lists the projects).
  lines: z.array(
    invoiceLineSchema.omit({ projectName: true }).extend({ agreementId: z.string().nullable() }),
  ),
  /** One period's total, as the template stands. */
  amount: z.number(),
  cadence: z.enum(recurringCadences),
  runDay: z.number(),
  timeZone: z.string(),
  paymentTermsDays: z.number(),
  action: z.enum(recurringActions),
  active: z.boolean(),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  /** The next period's run day (local); null when paused or past the end. */
  nextRunOn: z.string().nullable(),
  /** Its instant (ISO): local midnight of `nextRunOn` in `timeZone`. */
  nextRunAt: z.string().nullable(),
});
export type RecurringInvoice = z.infer<typeof recurringInvoiceSchema>;

/** One period's run: the invoice it made, or why it made none. */
export const recurringInvoiceRunSchema = z.object({
  periodOn: z.string(),
  invoiceId: z.string().nullable(),
  invoiceNumber: z.string().nullable(),
  state: z.enum(invoiceStates).nullable(),
  amount: z.number().nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
});
export type RecurringInvoiceRun = z.infer<typeof recurringInvoiceRunSchema>;
