import { queryOptions } from '@tanstack/react-query';
import { activityListSchema, dashboardSchema } from '../../shared/schemas/dashboard.ts';
import { documentListSchema } from '../../shared/schemas/documents.ts';
import { invoiceListSchema } from '../../shared/schemas/invoices.ts';
import { projectListSchema } from '../../shared/schemas/projects.ts';
import { siteOutSchema } from '../../shared/schemas/sites.ts';
import { ticketSchema } from '../../shared/schemas/tickets.ts';
import { getJson, type ResponseSchema } from './api.ts';

/** Every read of one company starts with this key, so a write can refresh them all. */
const companyKey = (companyId: string) => ['/api/customers', companyId] as const;

/** GET /api/customers/{companyId}/{resource} (spec section 7), parsed with the shared schema. */
function companyRead<T>(resource: string, schema: ResponseSchema<T>) {
  return (companyId: string) =>
    queryOptions({
      queryKey: [...companyKey(companyId), resource] as const,
      queryFn: () => getJson(`/api/customers/${companyId}/${resource}`, schema),
    });
}

/** The portal's reads: each gives its query key and its fetcher, typed by the shared schema. */
export const portalQueries = {
  company: companyKey,
  dashboard: companyRead('dashboard', dashboardSchema),
  activities: companyRead('activities', activityListSchema),
  invoices: companyRead('invoices', invoiceListSchema),
  projects: companyRead('projects', projectListSchema),
  tickets: companyRead('tickets', ticketSchema.array()),
  documents: companyRead('documents', documentListSchema),
  sites: companyRead('sites', siteOutSchema.array()),
};

/** A portal read of one company, as the screens pass it around. */
export type CompanyQuery<T> = (companyId: string) => ReturnType<ReturnType<typeof companyRead<T>>>;
