// Agreements (issue 40 items 1 and 3, ADR 071): what a company bought — a monthly retainer of
// hours, a prepaid block, or time and materials — and the hours it has left, which staff and the
// company's admin and billing users read.
import { z } from 'zod';
import { serviceIndex } from '../service-index.ts';
import { isCents, requiredText } from './fields.ts';
import { isTimeZone, SCHEDULE_TIME_ZONE_INVALID } from './scheduled-tickets.ts';
import { agreementSlaTargetsInputSchema, slaTargetSchema } from './sla.ts';
import { dateField, optionalDateField } from './staff-fields.ts';
import { agreementTypeLabels, agreementTypes, type AgreementType } from '../agreement-types.ts';

export { agreementTypeLabels, agreementTypes, type AgreementType };

export const agreementStatuses = ['active', 'ended'] as const;
export type AgreementStatus = (typeof agreementStatuses)[number];

/** The claims that make a message once: 80 % and 100 % of a period's hours, and the renewal. */
export const agreementAlertKinds = ['used-80', 'used-100', 'renewal'] as const;
export type AgreementAlertKind = (typeof agreementAlertKinds)[number];

/** Days before an agreement's end date that its renewal reminder goes. */
export const RENEWAL_NOTICE_DAYS = 30;

export const AGREEMENT_MESSAGES = {
  notFound: 'Agreement not found',
  notOfCompany: 'Agreement is not of this company',
  ended: 'This agreement has ended: time cannot be logged on it',
  outsideDates: "The work date is outside the agreement's dates",
  alreadyEnded: 'This agreement has already ended',
  /** Moving the dates past hours already logged on it would hide them from its periods. */
  datesExcludeTime:
    'Time is logged on this agreement outside the new dates: move or keep the dates',
  hoursRequired: 'Hours are required for a retainer or a prepaid block',
  /** Billed time of one type would be counted again under another (tenth outside attack). */
  typeFixedByTime:
    'Time is logged on this agreement: its type cannot change. End it and add a new one',
} as const;

const serviceSlugs = serviceIndex.map((s) => s.slug) as [string, ...string[]];

/** Hours with at most two decimals: stored as hundredths, as time entries are. */
const hoursField = (what: string) =>
  z
    .number({ message: `${what} must be a number` })
    .gt(0, `${what} must be more than 0`)
    .max(100_000, `${what} must be at most 100000`)
    .refine(isCents, `${what} must have at most 2 decimals`);

const rate = (what: string) =>
  z
    .number({ message: `${what} is required` })
    .min(0, `${what} cannot be negative`)
    .max(9_999_999.99, `${what} is too large`)
    .refine(isCents, `${what} must have at most 2 decimals`);

/** What staff send to create or change an agreement. */
export const agreementInputSchema = z
  .object({
    name: requiredText('Name is required', 200),
    type: z.enum(agreementTypes, {
      message: 'Type must be retainer, prepaid or time-and-materials',
    }),
    startsOn: dateField('Start date must be YYYY-MM-DD'),
    endsOn: optionalDateField('End date must be YYYY-MM-DD'),
    /** Retainer: included each month; prepaid: the whole block; time and materials: none. */
    hours: z
      .union([z.null(), hoursField('Hours')])
      .optional()
      .default(null),
    /** Retainer: how many months unused hours stay usable (0: none roll over). */
    rolloverMonths: z.coerce
      .number({ message: 'Rollover must be 0 to 12 months' })
      .int('Rollover must be 0 to 12 months')
      .min(0, 'Rollover must be 0 to 12 months')
      .max(12, 'Rollover must be 0 to 12 months')
      .default(0),
    /** The most rolled-over hours a month may hold; none: no cap. */
    rolloverCap: z
      .union([z.null(), hoursField('Rollover cap')])
      .optional()
      .default(null),
    hourlyRate: rate('Hourly rate'),
    overageRate: rate('Overage rate'),
    timeZone: z
      .string({ message: SCHEDULE_TIME_ZONE_INVALID })
      .refine(isTimeZone, { message: SCHEDULE_TIME_ZONE_INVALID })
      .transform(
        (zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
      ),
    services: z
      .array(z.enum(serviceSlugs, { message: 'Choose services from the service list' }), {
        message: 'Choose services from the service list',
      })
      .max(serviceSlugs.length)
      .default([])
      .transform((list) => [...new Set(list)]),
    /**
     * The SLA targets it promises per priority (ADR 073): a new ticket opened on a day it
     * covers takes them over the company's; none leaves the company's in force.
     */
    slaTargets: agreementSlaTargetsInputSchema.default([]),
  })
  .refine((v) => v.endsOn === null || v.endsOn >= v.startsOn, {
    message: 'End date cannot be before the start date',
    path: ['endsOn'],
  })
  .refine((v) => v.type === 'time-and-materials' || v.hours !== null, {
    message: AGREEMENT_MESSAGES.hoursRequired,
    path: ['hours'],
  });
export type AgreementInput = z.input<typeof agreementInputSchema>;
export type AgreementValues = z.output<typeof agreementInputSchema>;

/** Ending is the one status change: an ended agreement takes no more time. */
export const agreementStatusSchema = z.object({
  status: z.literal('ended', { message: 'Status must be ended' }),
});

/** One period's hours: included (with rollover), used (billable time), left and over. */
export const agreementPeriodSchema = z.object({
  /** First and last day of the period (a prepaid block: its dates; open-ended: null end). */
  start: z.string(),
  end: z.string().nullable(),
  included: z.number(),
  used: z.number(),
  left: z.number(),
  overage: z.number(),
});
export type AgreementPeriod = z.infer<typeof agreementPeriodSchema>;

/** An agreement's terms as staff set them (rates in its currency): what a quote proposes. */
export const agreementTermsSchema = z.object({
  name: z.string(),
  type: z.enum(agreementTypes),
  startsOn: z.string(),
  endsOn: z.string().nullable(),
  hours: z.number().nullable(),
  rolloverMonths: z.number(),
  rolloverCap: z.number().nullable(),
  hourlyRate: z.number(),
  overageRate: z.number(),
  timeZone: z.string(),
  services: z.array(z.string()),
  slaTargets: z.array(slaTargetSchema),
});
export type AgreementTerms = z.infer<typeof agreementTermsSchema>;

/** An agreement as the staff API returns it, with this period's hours. */
export const agreementSchema = agreementTermsSchema.extend({
  id: z.string(),
  customerId: z.string(),
  status: z.enum(agreementStatuses),
  currency: z.string(),
  period: agreementPeriodSchema,
});
export type Agreement = z.infer<typeof agreementSchema>;

/** A day of the burn-down: hours left at the end of it. */
export const burnDownPointSchema = z.object({ day: z.string(), left: z.number() });

/** The portal's hours card: each active agreement, this period, and its burn-down. */
export const portalAgreementHoursSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.enum(agreementTypes),
  period: agreementPeriodSchema,
  burnDown: z.array(burnDownPointSchema),
});
export type PortalAgreementHours = z.infer<typeof portalAgreementHoursSchema>;

/** A ticket's time as a customer reads it: minutes only, never who or at what rate. */
export const portalTicketTimeSchema = z.object({ minutes: z.number() });

/** "1 h 30 min", "45 min", "2 h": the portal's way to say time spent. */
export function formatMinutes(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes - h * 60);
  if (h === 0) return `${m} min`;
  return m === 0 ? `${h} h` : `${h} h ${m} min`;
}
