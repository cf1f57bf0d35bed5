// Maintenance windows (ADR 079): planned in a zone's local time, stored as instants with that
// zone; the affected companies are told once, in the transaction that schedules the window.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import {
  statusComponents,
  statusMaintenance,
  statusMaintenanceComponents,
} from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  MAINTENANCE_MAX_DAYS,
  STATUS_MESSAGES,
  type Maintenance,
  type MaintenanceValues,
} from '../../../shared/schemas/status-page.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { instantOfLocal } from '../helpdesk/schedule-runs.ts';
import { tellAffected } from './affected.ts';
import { checkComponents } from './components.ts';

export const maintenanceColumns = {
  id: statusMaintenance.id,
  title: statusMaintenance.title,
  message: statusMaintenance.message,
  startsAt: sql<string>`${isoTimestamp(statusMaintenance.startsAt)}`,
  endsAt: sql<string>`${isoTimestamp(statusMaintenance.endsAt)}`,
  timeZone: statusMaintenance.timeZone,
  componentIds: sql<string[]>`array(
    select mc.component_id::text from ${statusMaintenanceComponents} mc
    where mc.maintenance_id = status_maintenance.id order by mc.component_id)`,
  components: sql<string>`coalesce((
    select string_agg(c.name, ', ' order by c.position, c.name)
    from ${statusMaintenanceComponents} mc join ${statusComponents} c on c.id = mc.component_id
    where mc.maintenance_id = status_maintenance.id), '')`,
  notified: sql<boolean>`${statusMaintenance.notifiedAt} is not null`,
  createdAt: sql<string>`${isoTimestamp(statusMaintenance.createdAt)}`,
};

export async function readMaintenance(db: Db | Tx, id: string): Promise<Maintenance> {
  const [row] = await db
    .select(maintenanceColumns)
    .from(statusMaintenance)
    .where(eq(statusMaintenance.id, id));
  if (!row) throw notFound(STATUS_MESSAGES.maintenanceNotFound);
  return row;
}

/** The instant a `YYYY-MM-DDTHH:MM` reading of `timeZone`'s clocks names. */
export const localInstant = (local: string, timeZone: string) =>
  new Date(instantOfLocal(Date.parse(`${local}:00Z`), timeZone));

/** Schedules the window and tells the affected companies (maintenance switch) and webhooks. */
export async function scheduleMaintenance(
  tx: Tx,
  actor: Actor,
  input: MaintenanceValues,
): Promise<Maintenance> {
  const startsAt = localInstant(input.startsAt, input.timeZone);
  const endsAt = localInstant(input.endsAt, input.timeZone);
  if (endsAt <= startsAt) throw badRequest(STATUS_MESSAGES.endsBeforeStart);
  // A window in the past would be mailed as "scheduled"; a months-long one never ends.
  if (endsAt.getTime() <= Date.now()) throw badRequest(STATUS_MESSAGES.alreadyEnded);
  if (endsAt.getTime() - startsAt.getTime() > MAINTENANCE_MAX_DAYS * 86_400_000)
    throw badRequest(STATUS_MESSAGES.tooLong);
  await checkComponents(tx, input.componentIds);
  const [row] = await tx
    .insert(statusMaintenance)
    .values({
      title: input.title,
      message: input.message,
      startsAt,
      endsAt,
      timeZone: input.timeZone,
      notifiedAt: new Date(),
    })
    .returning({ id: statusMaintenance.id });
  if (!row) throw new Error('insert returned no row');
  await tx
    .insert(statusMaintenanceComponents)
    .values(input.componentIds.map((componentId) => ({ maintenanceId: row.id, componentId })));
  const window = await readMaintenance(tx, row.id);
  await tellAffected(tx, {
    type: 'maintenance.scheduled',
    kind: 'maintenance',
    entityId: window.id,
    componentIds: window.componentIds,
    data: {
      maintenanceId: window.id,
      title: window.title,
      message: window.message,
      startsAt: window.startsAt,
      endsAt: window.endsAt,
      timeZone: window.timeZone,
    },
  });
  await recordAudit(tx, actor, {
    action: 'status_maintenance.schedule',
    entityType: 'status_maintenance',
    entityId: window.id,
    customerId: null,
    details: { title: window.title, startsAt: window.startsAt, endsAt: window.endsAt },
  });
  return window;
}
