import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceListSchema } from '../../../shared/schemas/invoices.ts';
import { sendJsonText } from '../../db/json-list.ts';
import { contentDisposition } from '../../lib/content-disposition.ts';
import { customerParams, messageSchema } from '../customer-params.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { listInvoices } from '../../db/invoice-list.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    { schema: { params: customerParams, response: { 200: invoiceListSchema } } },
    async (request, reply) =>
      sendJsonText(reply, await listInvoices(app.db, request.params.customerId)),
  );

  app.get(
    '/invoices/:invoiceId/pdf',
    {
      schema: {
        params: customerParams.extend({ invoiceId: z.uuid({ message: 'Invoice not found' }) }),
        response: { 200: z.instanceof(Buffer), 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId, invoiceId } = request.params;
      const { number, pdf } = await renderInvoicePdf(app.db, customerId, invoiceId);
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', contentDisposition('inline', `${number}.pdf`))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
