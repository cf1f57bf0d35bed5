import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { timeEntries } from '../../db/schema.ts';
import {
  staffTimeEntrySchema,
  timeEntryInputSchema,
} from '../../../shared/schemas/time-entries.ts';
import { idParam } from '../route-schemas.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { requireCompany, requireProjectOf } from './lookups.ts';

/** Hours logged for a company; they feed the dashboard's "This Month's Hours". */
export const timeEntryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/:customerId/time-entries',
    {
      schema: {
        params: idParam('customerId'),
        body: timeEntryInputSchema,
        response: { 201: staffTimeEntrySchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const input = request.body;
      const actor = actorOf(request);
      const created = await app.write(async (tx) => {
        await requireCompany(tx, customerId);
        const project = input.projectId
          ? await requireProjectOf(tx, customerId, input.projectId)
          : null;
        const [row] = await tx
          .insert(timeEntries)
          .values({
            customerId,
            projectId: input.projectId,
            userId: actor.id,
            workDate: input.workDate,
            hours: input.hours.toFixed(2),
            description: input.description,
          })
          .returning();
        if (!row) throw new Error('time entry not created');
        await recordAudit(tx, actor, {
          action: 'time_entry.create',
          entityType: 'time_entry',
          entityId: row.id,
          customerId,
          details: { workDate: row.workDate, hours: row.hours },
        });
        return { row, projectName: project?.name ?? null };
      });
      return reply.status(201).send({
        id: created.row.id,
        projectId: created.row.projectId,
        projectName: created.projectName,
        workDate: created.row.workDate,
        hours: Number(created.row.hours),
        description: created.row.description,
        loggedBy: actor.name,
      });
    },
  );
};
