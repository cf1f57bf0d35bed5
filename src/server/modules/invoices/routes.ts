import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  invoiceListSchema,
  invoiceStatuses,
  invoiceSummarySchema,
} from '../../../shared/schemas/invoices.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import { inspectFile, sendFile } from '../../lib/safe-file.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import {
  customerVisible,
  invoicePages,
  invoiceSummary,
  onlineInvoicePages,
} from '../../db/invoice-list.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { statementRoutes } from './statement-routes.ts';
import { quoteRoutes } from './quote-routes.ts';

/**
 * Registered inside the `/api/customers/:customerId` scope, whose hook checks access. `appUrl`
 * makes the PDF's Pay online link absolute when online payment is on.
 */
export const invoiceRoutes: FastifyPluginAsyncZod<{ appUrl: string }> = async (app, { appUrl }) => {
  await app.register(statementRoutes);
  await app.register(quoteRoutes);

  app.get(
    '/invoices',
    {
      config: { permission: 'invoices' },
      schema: {
        params: companyParams,
        querystring: pageQuerySchema({ status: invoiceStatuses }),
        response: { 200: invoiceListSchema, 400: messageSchema },
      },
    },
    async (request, reply) => {
      return app.sendPage(request, reply, app.stripe ? onlineInvoicePages : invoicePages, {
        query: request.query,
        where: customerVisible,
      });
    },
  );

  app.get(
    '/invoices/summary',
    {
      config: { permission: 'invoices' },
      schema: { params: companyParams, response: { 200: invoiceSummarySchema } },
    },
    async (request) => invoiceSummary(app.db, companyOf(request).companyId),
  );

  app.get(
    '/invoices/:invoiceId/pdf',
    {
      config: { permission: 'invoices' },
      schema: {
        params: companyParams.extend({ invoiceId: z.uuid({ message: 'Invoice not found' }) }),
        response: { 200: z.instanceof(Buffer), 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { companyId } = companyOf(request);
      const { number, pdf } = await renderInvoicePdf(
        app.db,
        companyId,
        request.params.invoiceId,
        app.stripe ? appUrl : undefined,
      );
      return sendFile(reply, await inspectFile(pdf), { name: `${number}.pdf`, inline: true });
    },
  );
};
