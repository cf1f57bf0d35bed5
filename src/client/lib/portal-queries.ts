import { queryOptions } from '@tanstack/react-query';
import { getJson, type SchemaSource } from './api.ts';
import { getAllPages, pagesQuery, withParams } from './paged-read.ts';

// Each area's schemas load beside its first read, not with the screen (issue 42): zod and the
// schemas are never on a portal screen's first-paint path (docs/decisions/080).
const agreements = () => import('../../shared/schemas/agreements.ts');
const dashboard = () => import('../../shared/schemas/dashboard.ts');
const documents = () => import('../../shared/schemas/documents.ts');
const invoices = () => import('../../shared/schemas/invoices.ts');
const projects = () => import('../../shared/schemas/projects.ts');
const quotes = () => import('../../shared/schemas/quotes.ts');
const sites = () => import('../../shared/schemas/sites.ts');
const sla = () => import('../../shared/schemas/sla.ts');
const tickets = () => import('../../shared/schemas/tickets.ts');

/** Every read of one company starts with this key, so a write can refresh them all. */
const companyKey = (companyId: string) => ['/api/customers', companyId] as const;

/**
 * GET /api/customers/{companyId}/{resource} (spec section 7), parsed with the shared schema.
 * `variant` keeps apart two readings of one address (issue 18: project names or projects).
 */
function companyRead<T>(resource: string, schema: SchemaSource<T>, variant = '') {
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
function companyPages<T>(resource: string, schema: SchemaSource<T[]>, variant = '') {
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
  dashboard: companyRead('dashboard', () => dashboard().then((m) => m.dashboardSchema)),
  activities: companyRead('activities', () => dashboard().then((m) => m.activityListSchema)),
  invoices: companyPages('invoices', () => invoices().then((m) => m.invoiceListSchema)),
  invoiceSummary: companyRead('invoices/summary', () =>
    invoices().then((m) => m.invoiceSummarySchema),
  ),
  projects: companyPages('projects', () => projects().then((m) => m.projectListSchema)),
  projectSummary: companyRead('projects/summary', () =>
    projects().then((m) => m.projectSummarySchema),
  ),
  tickets: companyPages('tickets', () => tickets().then((m) => m.ticketSchema.array())),
  ticketSummary: companyRead('tickets/summary', () => tickets().then((m) => m.ticketSummarySchema)),
  /** How soon the help desk usually answers, per priority (issue 17's SLAs). */
  responseTimes: companyRead('tickets/response-times', () =>
    sla().then((m) => m.responseTimesSchema),
  ),
  /** Each active agreement's hours this period and its burn-down (ADR 071; admin, billing). */
  agreementHours: companyRead('agreements/hours', () =>
    agreements().then((m) => m.portalAgreementHoursSchema.array()),
  ),
  /** The company's quotes past drafting, newest first (ADR 072; admin and billing). */
  quotes: companyRead('quotes', () => quotes().then((m) => m.quoteListItemSchema.array())),
  /** The minutes logged on one ticket (ADR 071; admin, billing, technical). */
  ticketTime: (companyId: string, ticketId: string) =>
    companyRead(`tickets/${ticketId}/time`, () =>
      agreements().then((m) => m.portalTicketTimeSchema),
    )(companyId),
  documents: companyPages('documents', () => documents().then((m) => m.documentListSchema)),
  documentSummary: companyRead('documents/summary', () =>
    documents().then((m) => m.documentSummarySchema),
  ),
  /** Every site, however many pages (the profile lists them all). */
  sites: (companyId: string) =>
    queryOptions({
      queryKey: [...companyKey(companyId), 'sites', ''] as const,
      queryFn: () =>
        getAllPages(`/api/customers/${companyId}/sites`, () =>
          sites().then((m) => m.siteOutSchema.array()),
        ),
    }),
  /** What a role without `projects` reads of the same list: names and statuses (issue 18). */
  projectNames: companyPages(
    'projects',
    () => projects().then((m) => m.projectNameSchema.array()),
    'names',
  ),
};

/** A portal read of one company, as the screens pass it around. */
export type CompanyQuery<T> = (companyId: string) => ReturnType<ReturnType<typeof companyRead<T>>>;
