import { z } from 'zod';
import { requiredText } from './fields.ts';
import { pageQuerySchema } from './paging.ts';
import { SCHEDULE_TIME_ZONE_INVALID, isTimeZone } from './scheduled-tickets.ts';

// The status page (issue 43 items 3 and 4, ADR 079): components staff name, the incidents that
// touch them and the maintenance windows planned on them.

export const incidentStatuses = ['investigating', 'identified', 'monitoring', 'resolved'] as const;
export type IncidentStatus = (typeof incidentStatuses)[number];
export const incidentStatusLabels: Record<IncidentStatus, string> = {
  investigating: 'Investigating',
  identified: 'Identified',
  monitoring: 'Monitoring',
  resolved: 'Resolved',
};
export const INCIDENT_STATUS_MESSAGE =
  'Status must be investigating, identified, monitoring or resolved';

export const incidentImpacts = ['minor', 'major', 'critical'] as const;
export type IncidentImpact = (typeof incidentImpacts)[number];
export const incidentImpactLabels: Record<IncidentImpact, string> = {
  minor: 'Minor',
  major: 'Major',
  critical: 'Critical',
};

/** A component's state, worst first: what its open incidents and active maintenance make it. */
export const componentStates = [
  'major-outage',
  'partial-outage',
  'degraded',
  'maintenance',
  'operational',
] as const;
export type ComponentState = (typeof componentStates)[number];
export const componentStateLabels: Record<ComponentState, string> = {
  'major-outage': 'Major outage',
  'partial-outage': 'Partial outage',
  degraded: 'Degraded performance',
  maintenance: 'Under maintenance',
  operational: 'Operational',
};
/** An open incident's impact -> the state of the components it names. */
export const impactState: Record<IncidentImpact, ComponentState> = {
  critical: 'major-outage',
  major: 'partial-outage',
  minor: 'degraded',
};

/** Updates one incident holds, its opening message included. */
export const INCIDENT_UPDATES_MAX = 30;

/** A longer "maintenance" is an outage to announce as an incident. */
export const MAINTENANCE_MAX_DAYS = 31;

export const STATUS_MESSAGES = {
  componentNotFound: 'Component not found',
  incidentNotFound: 'Incident not found',
  maintenanceNotFound: 'Maintenance window not found',
  resolvedIncident: 'This incident is resolved: open a new incident instead of updating it',
  endsBeforeStart: 'The window must end after it starts',
  alreadyEnded: 'The window has already ended',
  tooManyUpdates: `An incident holds at most ${INCIDENT_UPDATES_MAX} updates: resolve it, and open a new one if needed`,
  tooLong: `A window lasts at most ${MAINTENANCE_MAX_DAYS} days`,
  unknownComponent: 'Choose components that exist',
  unknownSite: 'Choose sites that exist',
  noComponents: 'Choose at least one component',
  sitesOrAll: 'Choose the sites it affects, or all customers',
  notOpenStatus: 'A new incident is investigating, identified or monitoring',
} as const;

const ids = (message: string, max: number) =>
  z
    .array(z.uuid(message), { message })
    .max(max, message)
    .transform((list) => [...new Set(list)]);

export const componentInputSchema = z
  .object({
    name: requiredText('Name is required', 80),
    description: z.string().trim().max(300, 'Must be at most 300 characters').default(''),
    position: z.coerce
      .number({ message: 'Order must be a whole number' })
      .int('Order must be a whole number')
      .min(0, 'Order must be 0 or more')
      .max(999, 'Order must be at most 999')
      .default(0),
    /** Every customer depends on it (the portal, the help desk); else only `siteIds`' companies. */
    allCustomers: z.boolean({ message: 'All customers must be true or false' }),
    siteIds: ids(STATUS_MESSAGES.unknownSite, 500).default([]),
  })
  .superRefine((v, ctx) => {
    if (!v.allCustomers && v.siteIds.length === 0) {
      ctx.addIssue({ code: 'custom', path: ['siteIds'], message: STATUS_MESSAGES.sitesOrAll });
    }
  });
export type ComponentInput = z.input<typeof componentInputSchema>;
export type ComponentValues = z.output<typeof componentInputSchema>;

export const statusSiteOptionSchema = z.object({
  id: z.string(),
  name: z.string(),
  customerName: z.string(),
});
export type StatusSiteOption = z.infer<typeof statusSiteOptionSchema>;

export const statusComponentSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  position: z.number(),
  allCustomers: z.boolean(),
  sites: z.array(statusSiteOptionSchema),
  state: z.enum(componentStates),
});
export type StatusComponent = z.infer<typeof statusComponentSchema>;

const componentIdsField = ids(STATUS_MESSAGES.unknownComponent, 100).refine(
  (list) => list.length > 0,
  STATUS_MESSAGES.noComponents,
);
const messageField = requiredText('Message is required', 5000);

export const incidentInputSchema = z.object({
  title: requiredText('Title is required', 150),
  impact: z.enum(incidentImpacts, { message: 'Impact must be minor, major or critical' }),
  status: z
    .enum(incidentStatuses, { message: INCIDENT_STATUS_MESSAGE })
    .refine((s) => s !== 'resolved', STATUS_MESSAGES.notOpenStatus)
    .default('investigating'),
  componentIds: componentIdsField,
  message: messageField,
});
export type IncidentInput = z.input<typeof incidentInputSchema>;

export const incidentUpdateInputSchema = z.object({
  status: z.enum(incidentStatuses, { message: INCIDENT_STATUS_MESSAGE }),
  message: messageField,
});
export type IncidentUpdateInput = z.input<typeof incidentUpdateInputSchema>;

export const incidentUpdateSchema = z.object({
  id: z.string(),
  status: z.enum(incidentStatuses),
  message: z.string(),
  createdAt: z.string(),
});
export type IncidentUpdate = z.infer<typeof incidentUpdateSchema>;

export const incidentRowSchema = z.object({
  id: z.string(),
  title: z.string(),
  impact: z.enum(incidentImpacts),
  status: z.enum(incidentStatuses),
  componentIds: z.array(z.string()),
  components: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  resolvedAt: z.string().nullable(),
});
export type IncidentRow = z.infer<typeof incidentRowSchema>;
export const incidentSchema = incidentRowSchema.extend({ updates: z.array(incidentUpdateSchema) });
export type Incident = z.infer<typeof incidentSchema>;
export const incidentListQuerySchema = pageQuerySchema({ status: incidentStatuses });

/** `YYYY-MM-DDTHH:MM`: a wall-clock reading in the window's own zone (a datetime-local field). */
const localTime = (message: string) =>
  z
    .string({ message })
    .regex(/^20\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d$/, message)
    // A day the month has (no 30 February quietly read as 2 March; outside attack, 2026-11-29).
    .refine((v) => {
      // zod runs every check: a string the pattern refused arrives here too.
      const instant = new Date(`${v}:00Z`);
      return !Number.isNaN(instant.getTime()) && instant.toISOString().startsWith(v);
    }, message);

export const maintenanceInputSchema = z
  .object({
    title: requiredText('Title is required', 150),
    message: messageField,
    startsAt: localTime('Start must be a date and time'),
    endsAt: localTime('End must be a date and time'),
    timeZone: z
      .string({ message: SCHEDULE_TIME_ZONE_INVALID })
      .refine(isTimeZone, { message: SCHEDULE_TIME_ZONE_INVALID })
      .transform(
        (zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
      ),
    componentIds: componentIdsField,
  })
  // Said under the field; the service compares the instants too (a fall-back hour reads twice).
  .refine((v) => v.endsAt > v.startsAt, {
    path: ['endsAt'],
    message: STATUS_MESSAGES.endsBeforeStart,
  });
export type MaintenanceInput = z.input<typeof maintenanceInputSchema>;
export type MaintenanceValues = z.output<typeof maintenanceInputSchema>;

export const maintenanceSchema = z.object({
  id: z.string(),
  title: z.string(),
  message: z.string(),
  /** Instants (ISO, UTC) and the zone the window was planned in, which the pages show. */
  startsAt: z.string(),
  endsAt: z.string(),
  timeZone: z.string(),
  componentIds: z.array(z.string()),
  components: z.string(),
  notified: z.boolean(),
  createdAt: z.string(),
});
export type Maintenance = z.infer<typeof maintenanceSchema>;
export const maintenanceWhen = ['upcoming', 'active', 'past'] as const;
export const maintenanceListQuerySchema = pageQuerySchema({ when: maintenanceWhen });

export const statusSettingsSchema = z.object({
  enabled: z.boolean({ message: 'Enabled must be true or false' }),
});
export type StatusSettings = z.infer<typeof statusSettingsSchema>;

/** The portal's banner: what is wrong or planned now on the company's sites. */
export const statusNoticeSchema = z.object({
  kind: z.enum(['incident', 'maintenance']),
  id: z.string(),
  title: z.string(),
  /** The incident's status, or `scheduled` / `in-progress` for maintenance. */
  status: z.string(),
  /** Instants: the incident's start, the window's start and end. */
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  timeZone: z.string().nullable(),
  sites: z.array(z.string()),
});
export type StatusNotice = z.infer<typeof statusNoticeSchema>;
