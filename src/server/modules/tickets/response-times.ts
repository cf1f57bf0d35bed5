import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { describeBusinessHours } from '../../../shared/business-hours.ts';
import { company } from '../../../shared/company.ts';
import { responseTimesSchema } from '../../../shared/schemas/sla.ts';
import { readSlaTargets } from '../../services/helpdesk/sla.ts';
import { companyParams } from '../route-schemas.ts';

/**
 * `GET /api/customers/:customerId/tickets/response-times`: how soon the company usually
 * answers, per priority, for the ticket dialog's "We usually answer within ...". First
 * response only: resolution targets and ticket clocks stay the staff's.
 */
export const responseTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tickets/response-times',
    {
      config: { permission: 'tickets' },
      schema: { params: companyParams, response: { 200: responseTimesSchema } },
    },
    async () => ({
      businessHours: describeBusinessHours(company.businessHours),
      targets: (await readSlaTargets(app.db)).map((t) => ({
        priority: t.priority,
        minutes: t.firstResponseMinutes,
      })),
    }),
  );
};
