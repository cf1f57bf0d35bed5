import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { invoiceListSchema } from '../../../shared/schemas/invoices.ts';
import { sendJsonText } from '../../db/json-list.ts';
import { inspectFile, sendFile } from '../../lib/safe-file.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { renderInvoicePdf } from './invoice-pdf.ts';
import { listInvoices } from '../../db/invoice-list.ts';

/** Registered inside the `/api/customers/:customerId` scope, whose hook checks access. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/invoices',
    { schema: { params: companyParams, response: { 200: invoiceListSchema } } },
    async (request, reply) =>
      sendJsonText(reply, await listInvoices(app.db, request.params.customerId)),
  );

  app.get(
    '/invoices/:invoiceId/pdf',
    {
      schema: {
        params: companyParams.extend({ invoiceId: z.uuid({ message: 'Invoice not found' }) }),
        response: { 200: z.instanceof(Buffer), 404: messageSchema },
      },
    },
    async (request, reply) => {
      const { customerId, invoiceId } = request.params;
      const { number, pdf } = await renderInvoicePdf(app.db, customerId, invoiceId);
      return sendFile(reply, await inspectFile(pdf), { name: `${number}.pdf`, inline: true });
    },
  );
};
