// A component's state is never stored (ADR 079): it is the worst of what its open incidents'
// impacts and its maintenance under way make it, read when asked.
import { and, eq, gt, lte, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  statusIncidentComponents,
  statusIncidents,
  statusMaintenance,
  statusMaintenanceComponents,
} from '../../db/schema.ts';
import {
  componentStates,
  impactState,
  type ComponentState,
} from '../../../shared/schemas/status-page.ts';

/** The worse of two states (the list is worst first). */
export const worse = (a: ComponentState, b: ComponentState): ComponentState =>
  componentStates.indexOf(a) <= componentStates.indexOf(b) ? a : b;

/** The state of each component that is not operational at `now`. */
export async function componentStateMap(
  db: Db | Tx,
  now: Date,
): Promise<Map<string, ComponentState>> {
  const open = await db
    .select({ componentId: statusIncidentComponents.componentId, impact: statusIncidents.impact })
    .from(statusIncidentComponents)
    .innerJoin(statusIncidents, eq(statusIncidents.id, statusIncidentComponents.incidentId))
    .where(ne(statusIncidents.status, 'resolved'));
  const underway = await db
    .select({ componentId: statusMaintenanceComponents.componentId })
    .from(statusMaintenanceComponents)
    .innerJoin(
      statusMaintenance,
      eq(statusMaintenance.id, statusMaintenanceComponents.maintenanceId),
    )
    .where(and(lte(statusMaintenance.startsAt, now), gt(statusMaintenance.endsAt, now)));
  const states = new Map<string, ComponentState>();
  const mark = (id: string, state: ComponentState) =>
    states.set(id, worse(states.get(id) ?? 'operational', state));
  for (const row of open) mark(row.componentId, impactState[row.impact]);
  for (const row of underway) mark(row.componentId, 'maintenance');
  return states;
}
