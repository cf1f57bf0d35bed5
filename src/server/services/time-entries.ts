// Hours staff log for a company (issue 20); they feed its dashboard's "This Month's Hours".
import type { z } from 'zod';
import type { Tx } from '../db/client.ts';
import { timeEntries } from '../db/schema.ts';
import type { StaffTimeEntry, timeEntryInputSchema } from '../../shared/schemas/time-entries.ts';
import type { Actor } from './actor.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { requireProjectOf } from './projects.ts';

/** Logs the actor's hours for a company, on one of its projects or none. */
export async function logTime(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: z.output<typeof timeEntryInputSchema>,
): Promise<StaffTimeEntry> {
  await requireCompany(tx, customerId);
  const project = input.projectId ? await requireProjectOf(tx, customerId, input.projectId) : null;
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
  return {
    id: row.id,
    projectId: row.projectId,
    projectName: project?.name ?? null,
    workDate: row.workDate,
    hours: Number(row.hours),
    description: row.description,
    loggedBy: actor.name,
  };
}
