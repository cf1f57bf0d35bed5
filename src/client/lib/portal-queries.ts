import { queryOptions } from '@tanstack/react-query';
import { quoteListItemSchema } from '../../shared/schemas/quotes.ts';
import { activityListSchema, dashboardSchema } from '../../shared/schemas/dashboard.ts';
import { documentListSchema, documentSummarySchema } from '../../shared/schemas/documents.ts';
import { invoiceListSchema, invoiceSummarySchema } from '../../shared/schemas/invoices.ts';
import {
  projectListSchema,
  projectNameSchema,
  projectSummarySchema,
} from '../../shared/schemas/projects.ts';
import { responseTimesSchema } from '../../shared/schemas/sla.ts';
import {
  portalAgreementHoursSchema,
  portalTicketTimeSchema,
} from '../../shared/schemas/agreements.ts';
import { siteOutSchema } from '../../shared/schemas/sites.ts';
import { ticketSchema, ticketSummarySchema } from '../../shared/schemas/tickets.ts';
import { getJson, type ResponseSchema } from './api.ts';
import { getAllPages, pagesQuery, withParams } from './paged-read.ts';

/** Every read of one company starts with this key, so a write can refresh them all. */
const companyKey = (companyId: string) => ['/api/customers', companyId] as const;

/**
 * GET /api/customers/{companyId}/{resource} (spec section 7), parsed with the shared schema.
 * `variant` keeps apart two readings of one address (issue 18: project names or projects).
 */
function companyRead<T>(resource: string, schema: ResponseSchema<T>, variant = '') {
  return (companyId: string) =>
    queryOptions({
      queryKey: [...companyKey(companyId), resource, variant] as const,
      queryFn: () => getJson(`/api/customers/${companyId}/${resource}`, schema),
    });
}

/**
 * A paged list of one company (issue 20): the first page for `params` (search and filters),
 * then each `Link: rel="next"` page, one cache entry per combination of parameters.
 * `variant` as for `companyRead`.
 */
function companyPages<T>(resource: string, schema: ResponseSchema<T[]>, variant = '') {
  return (companyId: string, params: Record<string, string>) =>
    pagesQuery(
      [...companyKey(companyId), resource, variant, 'pages', params],
      withParams(`/api/customers/${companyId}/${resource}`, params),
      schema,
    );
}

/** The portal's reads: each gives its query key and its fetcher, typed by the shared schema. */
export const portalQueries = {
  company: companyKey,
  dashboard: companyRead('dashboard', dashboardSchema),
  activities: companyRead('activities', activityListSchema),
  invoices: companyPages('invoices', invoiceListSchema),
  invoiceSummary: companyRead('invoices/summary', invoiceSummarySchema),
  projects: companyPages('projects', projectListSchema),
  projectSummary: companyRead('projects/summary', projectSummarySchema),
  tickets: companyPages('tickets', ticketSchema.array()),
  ticketSummary: companyRead('tickets/summary', ticketSummarySchema),
  /** How soon the help desk usually answers, per priority (issue 17's SLAs). */
  responseTimes: companyRead('tickets/response-times', responseTimesSchema),
  /** Each active agreement's hours this period and its burn-down (ADR 071; admin, billing). */
  agreementHours: companyRead('agreements/hours', portalAgreementHoursSchema.array()),
  /** The company's quotes past drafting, newest first (ADR 072; admin and billing). */
  quotes: companyRead('quotes', quoteListItemSchema.array()),
  /** The minutes logged on one ticket (ADR 071; admin, billing, technical). */
  ticketTime: (companyId: string, ticketId: string) =>
    companyRead(`tickets/${ticketId}/time`, portalTicketTimeSchema)(companyId),
  documents: companyPages('documents', documentListSchema),
  documentSummary: companyRead('documents/summary', documentSummarySchema),
  /** Every site, however many pages (the profile lists them all). */
  sites: (companyId: string) =>
    queryOptions({
      queryKey: [...companyKey(companyId), 'sites', ''] as const,
      queryFn: () => getAllPages(`/api/customers/${companyId}/sites`, siteOutSchema.array()),
    }),
  /** What a role without `projects` reads of the same list: names and statuses (issue 18). */
  projectNames: companyPages('projects', projectNameSchema.array(), 'names'),
};

/** A portal read of one company, as the screens pass it around. */
export type CompanyQuery<T> = (companyId: string) => ReturnType<ReturnType<typeof companyRead<T>>>;
