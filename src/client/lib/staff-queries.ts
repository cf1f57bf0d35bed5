import { quoteListItemSchema, quoteSchema } from '../../shared/schemas/quotes.ts';
import { queryOptions } from '@tanstack/react-query';
import { apiTokenSchema } from '../../shared/schemas/api-tokens.ts';
import { signInLogSchema } from '../../shared/schemas/auth.ts';
import { ssoSettingsSchema } from '../../shared/schemas/sso.ts';
import { auditEntrySchema } from '../../shared/schemas/staff-audit.ts';
import { staffDocumentSchema } from '../../shared/schemas/documents.ts';
import { staffInvoiceSchema } from '../../shared/schemas/invoices.ts';
import { staffInvoiceDocumentSchema } from '../../shared/schemas/invoice-documents.ts';
import { staffProjectSchema } from '../../shared/schemas/projects.ts';
import { staffTimeEntrySchema, ticketTimeSchema } from '../../shared/schemas/time-entries.ts';
import { agreementSchema } from '../../shared/schemas/agreements.ts';
import { staffTimerStateSchema } from '../../shared/schemas/staff-timer.ts';
import { unbilledTimeSchema } from '../../shared/schemas/unbilled-time.ts';
import {
  companyDetailSchema,
  companySummarySchema,
  companyUserSchema,
  staffMemberSchema,
  staffProjectNameSchema,
} from '../../shared/schemas/staff-customers.ts';
import {
  helpdeskTicketDetailSchema,
  helpdeskTicketExtrasSchema,
  helpdeskTicketSchema,
} from '../../shared/schemas/staff-helpdesk.ts';
import { leadSchema } from '../../shared/schemas/staff-leads.ts';
import { receivableSchema } from '../../shared/schemas/statements.ts';
import { ticketNoteSchema } from '../../shared/schemas/ticket-notes.ts';
import { ticketWatchersSchema } from '../../shared/schemas/ticket-watchers.ts';
import { satisfactionReportSchema } from '../../shared/schemas/satisfaction.ts';
import { savedReplySchema } from '../../shared/schemas/saved-replies.ts';
import {
  articleHitSchema,
  articleRevisionSchema,
  categorySchema,
  staffArticleRowSchema,
  staffArticleSchema,
  suggestionInsightsSchema,
} from '../../shared/schemas/knowledge-base.ts';
import {
  closedDaySchema,
  companySlaTargetsSchema,
  slaTargetsSchema,
} from '../../shared/schemas/sla.ts';
import { staffNotificationsSchema } from '../../shared/schemas/staff-notifications.ts';
import { followUpWindowSchema } from '../../shared/schemas/follow-up.ts';
import { assignmentRuleSchema, availabilitySchema } from '../../shared/schemas/assignment.ts';
import { scheduledTicketSchema } from '../../shared/schemas/scheduled-tickets.ts';
import {
  recurringInvoiceRunSchema,
  recurringInvoiceSchema,
} from '../../shared/schemas/recurring-invoices.ts';
import { unmatchedMailSchema } from '../../shared/schemas/staff-unmatched-mail.ts';
import { webhookDeliverySchema, webhookSchema } from '../../shared/schemas/webhooks.ts';
import {
  incidentRowSchema,
  incidentSchema,
  maintenanceSchema,
  statusComponentSchema,
  statusSettingsSchema,
  statusSiteOptionSchema,
} from '../../shared/schemas/status-page.ts';
import { staffCan } from '../../shared/staff-permissions.ts';
import { getJson, type ResponseSchema } from './api.ts';
import { getAllPages, pagesQuery, withParams } from './paged-read.ts';

type Filters = Record<string, string | undefined>;

/** `/api/staff/<path>` with the non-empty filters as a query string. */
export function staffUrl(path: string, filters: Filters = {}): string {
  const qs = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) qs.set(key, value);
  const query = qs.toString();
  return `/api/staff/${path}${query ? `?${query}` : ''}`;
}

/** Every staff read starts with this key, so a staff write can refresh them all. */
const staffKey = ['/api/staff'] as const;

/** A staff read: its key is the path and the filters, its fetcher parses with the shared schema. */
function staffRead<T>(path: string, schema: ResponseSchema<T>, filters: Filters = {}) {
  return queryOptions({
    queryKey: [...staffKey, path, filters] as const,
    queryFn: () => getJson(staffUrl(path, filters), schema),
  });
}

/** A paged staff list (issue 20): one cache entry per search and filters, pages by `Link`. */
function staffPages<T>(path: string, schema: ResponseSchema<T[]>, params: Record<string, string>) {
  return pagesQuery(
    [...staffKey, path, 'pages', params],
    withParams(`/api/staff/${path}`, params),
    schema,
  );
}

/** The staff workspace's reads, one per list or record it shows. */
export const staffQueries = {
  all: staffKey,
  /** Companies in pages (issue 20): `q` on name, email and phone; `id` for one (the picker). */
  companies: (params: Record<string, string>) =>
    staffPages('customers', companySummarySchema.array(), params),
  company: (companyId: string) => staffRead(`customers/${companyId}`, companyDetailSchema),
  sso: (companyId: string) => staffRead(`customers/${companyId}/sso`, ssoSettingsSchema),
  /** The company page's lists in pages (issue 20): each card reads pages, newest or by name. */
  companyUsers: (companyId: string, params: Record<string, string> = {}) =>
    staffPages(`customers/${companyId}/users`, companyUserSchema.array(), params),
  projects: (companyId: string) =>
    staffPages(`customers/${companyId}/projects`, staffProjectSchema.array(), {}),
  /** The company's projects by name in pages, `q` on the name (the forms' project picker). */
  projectNames: (companyId: string, params: Record<string, string>) =>
    staffPages(`customers/${companyId}/project-names`, staffProjectNameSchema.array(), params),
  timeEntries: (companyId: string) =>
    staffPages(`customers/${companyId}/time-entries`, staffTimeEntrySchema.array(), {}),
  invoices: (companyId: string) =>
    staffPages(`customers/${companyId}/invoices`, staffInvoiceSchema.array(), {}),
  /** The company's hours on no invoice: "Add Unbilled Time" (ADR 066 addendum). */
  unbilledTime: (companyId: string, filters: Filters) =>
    staffRead(`customers/${companyId}/unbilled-time`, unbilledTimeSchema, filters),
  /** One invoice as a document: lines, taxes, payments, credit notes, balance (ADR 066). */
  invoice: (invoiceId: string) => staffRead(`invoices/${invoiceId}`, staffInvoiceDocumentSchema),
  documents: (companyId: string) =>
    staffPages(`customers/${companyId}/documents`, staffDocumentSchema.array(), {}),
  staffMembers: () => staffRead('staff-members', staffMemberSchema.array()),
  /** The staff a ticket may go to: roles that work tickets (the server refuses the others). */
  ticketWorkers: () =>
    queryOptions({
      ...staffRead('staff-members', staffMemberSchema.array()),
      select: (members) => members.filter((m) => staffCan(m.role, 'helpdesk', 'write')),
    }),
  /** A company's scheduled tickets (ADR 062): few per company, read whole. */
  /** A company's quotes in pages, newest first (ADR 072), and one quote. */
  quotes: (companyId: string) =>
    staffPages(`customers/${companyId}/quotes`, quoteListItemSchema.array(), {}),
  quote: (quoteId: string) => staffRead(`quotes/${quoteId}`, quoteSchema),
  recurringInvoices: (companyId: string) =>
    staffRead(`customers/${companyId}/recurring-invoices`, recurringInvoiceSchema.array()),
  /** Every agreement of the company, however many pages (the time and line selects, ADR 071). */
  agreements: (companyId: string) =>
    queryOptions({
      queryKey: [...staffKey, `customers/${companyId}/agreements`, 'all'] as const,
      queryFn: () =>
        getAllPages(staffUrl(`customers/${companyId}/agreements`), agreementSchema.array()),
    }),
  /** The Agreements card's pages: active first, then newest (ADR 073). */
  agreementPages: (companyId: string) =>
    staffPages(`customers/${companyId}/agreements`, agreementSchema.array(), {}),
  recurringInvoiceRuns: (scheduleId: string) =>
    staffRead(`recurring-invoices/${scheduleId}/runs`, recurringInvoiceRunSchema.array()),
  scheduledTickets: (companyId: string) =>
    staffRead('scheduled-tickets', scheduledTicketSchema.array(), { customerId: companyId }),
  apiTokens: () => staffRead('api-tokens', apiTokenSchema.array()),
  /** Every account's sign-in log in pages (issue 20): `q` on who and IP, `event`. */
  signIns: (params: Record<string, string>) => staffPages('sign-ins', signInLogSchema, params),
  savedReplies: () => staffRead('saved-replies', savedReplySchema.array()),
  /** Knowledge base articles in pages (issue 43): `q` on title and tags, visibility, state. */
  kbArticles: (params: Record<string, string>) =>
    staffPages('kb/articles', staffArticleRowSchema.array(), params),
  kbArticle: (id: string) => staffRead(`kb/articles/${id}`, staffArticleSchema),
  kbRevisions: (id: string) =>
    staffRead(`kb/articles/${id}/revisions`, articleRevisionSchema.array()),
  kbCategories: () => staffRead('kb/categories', categorySchema.array()),
  /** The reply box's article picker: the articles the ticket's company may read, matching `q`. */
  kbSearch: (q: string, customerId: string) =>
    staffRead('kb/search', articleHitSchema.array(), { q, customerId, limit: '8' }),
  kbInsights: () => staffRead('kb/insights', suggestionInsightsSchema),
  /** The status page (issue 43, ADR 079): its switch, components, incidents and windows. */
  statusSettings: () => staffRead('status/settings', statusSettingsSchema),
  statusComponents: () => staffRead('status/components', statusComponentSchema.array()),
  /** Every company's sites for a component's picker: one page of 200, by company. */
  statusSites: () => staffRead('status/sites', statusSiteOptionSchema.array(), { limit: '200' }),
  statusIncidents: (params: Record<string, string>) =>
    staffPages('status/incidents', incidentRowSchema.array(), params),
  statusIncident: (id: string) => staffRead(`status/incidents/${id}`, incidentSchema),
  statusMaintenance: (params: Record<string, string>) =>
    staffPages('status/maintenance', maintenanceSchema.array(), params),
  webhooks: () => staffRead('webhooks', webhookSchema.array()),
  /** An endpoint's delivery log in pages (issue 20), newest first. */
  webhookDeliveries: (webhookId: string) =>
    staffPages(`webhooks/${webhookId}/deliveries`, webhookDeliverySchema.array(), {}),
  /** The audit log in pages (issue 20): `q` and the company. */
  audit: (params: Record<string, string>) => staffPages('audit', auditEntrySchema.array(), params),
  /** What each company owes, by age, in pages (issue 39 item 6): `q` on the name. */
  receivables: (params: Record<string, string>) =>
    staffPages('receivables', receivableSchema.array(), params),
  /** Leads in pages (issue 20): `q`, kind and status. */
  leads: (params: Record<string, string>) => staffPages('leads', leadSchema.array(), params),
  /** The help desk queue in pages (issue 20): `q`, status, priority, company, assignee, SLA, sort. */
  tickets: (params: Record<string, string>) =>
    staffPages('tickets', helpdeskTicketSchema.array(), params),
  /** A company's last updated tickets: where "Merge Into…" may put one (ADR 060). */
  companyTickets: (customerId: string) =>
    staffRead('tickets', helpdeskTicketSchema.array(), {
      customerId,
      sort: 'updated',
      limit: '100',
    }),
  slaTargets: () => staffRead('sla-targets', slaTargetsSchema),
  companySlaTargets: (companyId: string) =>
    staffRead(`customers/${companyId}/sla-targets`, companySlaTargetsSchema),
  notifications: () => staffRead('notifications', staffNotificationsSchema),
  /** The help desk's closed days, which the queue's clock skips (ADR 035 addendum). */
  closedDays: () => staffRead('closed-days', closedDaySchema.array()),
  /** How long a customer's reply reopens a closed ticket (ADR 061). */
  followUpWindow: () => staffRead('follow-up-window', followUpWindowSchema),
  /** Who gets a new ticket, and whether the signed-in agent is among them (ADR 063). */
  assignmentRule: () => staffRead('assignment-rule', assignmentRuleSchema),
  myAvailability: () => staffRead('me/availability', availabilitySchema),
  ticket: (ticketId: string) => staffRead(`tickets/${ticketId}`, helpdeskTicketDetailSchema),
  /** Issue 17: a ticket's colleagues in copy and rating; the satisfaction score. */
  ticketExtras: (ticketId: string) =>
    staffRead(`tickets/${ticketId}/extras`, helpdeskTicketExtrasSchema),
  /** A ticket's colleagues in copy and whom staff may add (ADR 036 addendum). */
  ticketWatchers: (ticketId: string) =>
    staffRead(`tickets/${ticketId}/watchers`, ticketWatchersSchema),
  satisfaction: () => staffRead('satisfaction', satisfactionReportSchema),
  /** The hours logged on a ticket and their total (issue 38). */
  ticketTime: (ticketId: string) => staffRead(`tickets/${ticketId}/time-entries`, ticketTimeSchema),
  /** The member's own timer on a ticket, or none (ADR 074). */
  timer: () => staffRead('timer', staffTimerStateSchema),
  ticketNotes: (ticketId: string) =>
    staffRead(`tickets/${ticketId}/notes`, ticketNoteSchema.array()),
  /** The open unmatched mail in pages (issue 20): `q` on sender and subject, `reason`. */
  unmatchedMail: (params: Record<string, string>) =>
    staffPages('unmatched-mail', unmatchedMailSchema.array(), params),
};
