import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { statementQuerySchema, statementSchema } from '../../../shared/schemas/statements.ts';
import { companyOf } from '../../plugins/session/company-access.ts';
import { companyParams, messageSchema } from '../route-schemas.ts';
import { readStatement, sendStatementCsv, sendStatementPdf } from '../statement-files.ts';

/**
 * The company's statement (issue 39 item 5): for whoever reads invoices (admin and billing),
 * as JSON, PDF and CSV. Registered inside the `/api/customers/:customerId` scope.
 */
export const statementRoutes: FastifyPluginAsyncZod = async (app) => {
  const schema = { params: companyParams, querystring: statementQuerySchema };
  const file = { 200: z.instanceof(Buffer), 400: messageSchema };

  app.get(
    '/statement',
    {
      config: { permission: 'invoices' },
      schema: { ...schema, response: { 200: statementSchema, 400: messageSchema } },
    },
    async (request) => readStatement(app.db, companyOf(request).companyId, request.query),
  );

  app.get(
    '/statement/pdf',
    { config: { permission: 'invoices' }, schema: { ...schema, response: file } },
    async (request, reply) =>
      sendStatementPdf(app.db, reply, companyOf(request).companyId, request.query),
  );

  app.get(
    '/statement/csv',
    { config: { permission: 'invoices' }, schema: { ...schema, response: file } },
    async (request, reply) =>
      sendStatementCsv(app.db, reply, companyOf(request).companyId, request.query),
  );
};
