// The accounts-receivable view (issue 39 item 6, ADR 069): what each company owes today, by
// days past due, in its own currency, read in pages like the other staff lists. Every amount
// comes from the statement's ledger (services/invoice-statements.ts), so a company's line
// here is its statement's closing balance and ageing at today.
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ageingBuckets, type AgeingKey } from '../../../shared/ageing.ts';
import { pageQuerySchema } from '../../../shared/schemas/paging.ts';
import {
  receivableSchema,
  statementQuerySchema,
  statementSchema,
  type Receivable,
} from '../../../shared/schemas/statements.ts';
import { officeToday } from '../../../shared/statement-periods.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { customers } from '../../db/schema.ts';
import { ageingColumns, openAmounts } from '../../services/invoice-statements.ts';
import { idParam, messageSchema } from '../route-schemas.ts';
import { readStatement, sendStatementCsv, sendStatementPdf } from '../statement-files.ts';

const col = (name: string) => sql.raw(`ar.${name}`);

/** Companies that owe something (or are owed) at `asOf`, by name; `q` on the name. */
export function receivablePages(asOf: string): PagedList<Receivable> {
  const bucketFields = Object.fromEntries(
    ageingBuckets.map((b) => [b.key, col(`"${b.key}"`)]),
  ) as Record<AgeingKey, SQL>;
  return {
    name: 'staff-receivables',
    scope: 'staff',
    from: sql`(
      select c.id as customer_id, c.name as company_name, c.currency,
        sum(owed.amount)::bigint as open_minor, ${ageingColumns(asOf)}
      from ${customers} c join ${openAmounts(sql`true`, asOf)} on owed.customer_id = c.id
      group by c.id, c.name, c.currency
      having sum(owed.amount) <> 0
    ) ar`,
    row: () => ({
      customerId: col('customer_id'),
      companyName: col('company_name'),
      currency: col('currency'),
      openMinor: col('open_minor'),
      ...bucketFields,
    }),
    order: [
      { expr: col('company_name'), type: 'text' },
      { expr: col('customer_id'), type: 'uuid' },
    ],
    search: col('company_name'),
    filters: {},
  };
}

export const receivableRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/receivables',
    {
      schema: {
        querystring: pageQuerySchema({}),
        response: { 200: z.array(receivableSchema), 400: messageSchema },
      },
    },
    async (request, reply) =>
      app.sendPage(request, reply, receivablePages(officeToday()), { query: request.query }),
  );

  // A company's statement, as its billing users read it in the portal.
  const schema = { params: idParam('customerId'), querystring: statementQuerySchema };
  const file = { 200: z.instanceof(Buffer), 400: messageSchema, 404: messageSchema };
  app.get(
    '/customers/:customerId/statement',
    {
      schema: {
        ...schema,
        response: { 200: statementSchema, 400: messageSchema, 404: messageSchema },
      },
    },
    async (request) => readStatement(app.db, request.params.customerId, request.query),
  );
  app.get(
    '/customers/:customerId/statement/pdf',
    { schema: { ...schema, response: file } },
    async (request, reply) =>
      sendStatementPdf(app.db, reply, request.params.customerId, request.query),
  );
  app.get(
    '/customers/:customerId/statement/csv',
    { schema: { ...schema, response: file } },
    async (request, reply) =>
      sendStatementCsv(app.db, reply, request.params.customerId, request.query),
  );
};
