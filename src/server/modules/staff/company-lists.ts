import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PagedList } from '../../db/paged-list.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { staffDocumentSchema } from '../../../shared/schemas/documents.ts';
import { staffInvoiceSchema } from '../../../shared/schemas/invoices.ts';
import { staffProjectSchema } from '../../../shared/schemas/projects.ts';
import {
  companyUserSchema,
  companyUserStatuses,
  staffProjectNameSchema,
} from '../../../shared/schemas/staff-customers.ts';
import { staffTimeEntrySchema } from '../../../shared/schemas/time-entries.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import {
  companyUserPages,
  projectNamePicks,
  staffDocumentPages,
  staffInvoicePages,
  staffProjectPages,
  timeEntryPages,
} from './company-list-pages.ts';
import { requireCompany } from '../../services/companies.ts';

/**
 * The staff company page's lists (issue 20, ADR 043), each in pages of the one contract:
 * `limit`, `cursor` (scope: the company), `q`, `Link: rel="next"`, `X-Total-Count`.
 * An unknown company is a 404 before any page is read.
 */
export const companyListRoutes: FastifyPluginAsyncZod = async (app) => {
  function listRoute<T>(path: string, item: z.ZodType<T>, list: PagedList<T>) {
    app.get(
      `/customers/:customerId/${path}`,
      {
        schema: {
          params: idParam('customerId'),
          querystring: pageQuerySchema({}),
          response: { 200: z.array(item), 400: messageSchema, 404: messageSchema },
        },
      },
      async (request, reply) => {
        const { customerId } = request.params;
        await requireCompany(app.db, customerId);
        return app.sendPage(request, reply, list, { scopeId: customerId, query: request.query });
      },
    );
  }

  // The users list alone has a filter (`status`: the attach-mail dialog's contact picker).
  app.get(
    '/customers/:customerId/users',
    {
      schema: {
        params: idParam('customerId'),
        querystring: pageQuerySchema({ status: companyUserStatuses }),
        response: { 200: z.array(companyUserSchema), 400: messageSchema, 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      await requireCompany(app.db, customerId);
      return app.sendPage(request, reply, companyUserPages, {
        scopeId: customerId,
        query: request.query,
      });
    },
  );
  listRoute('projects', staffProjectSchema, staffProjectPages);
  listRoute('project-names', staffProjectNameSchema, projectNamePicks);
  listRoute('invoices', staffInvoiceSchema, staffInvoicePages);
  listRoute('time-entries', staffTimeEntrySchema, timeEntryPages);
  listRoute('documents', staffDocumentSchema, staffDocumentPages);
};
