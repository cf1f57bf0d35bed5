// Incidents on the status page (ADR 079): opened with a first message, then updated until
// resolved; a resolved incident takes no more updates. Each change tells the affected companies.
import { count, desc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import {
  statusComponents,
  statusIncidentComponents,
  statusIncidentUpdates,
  statusIncidents,
} from '../../db/schema.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import type {
  incidentInputSchema,
  incidentUpdateInputSchema,
} from '../../../shared/schemas/status-page.ts';
import {
  INCIDENT_UPDATES_MAX,
  STATUS_MESSAGES,
  type Incident,
  type IncidentStatus,
} from '../../../shared/schemas/status-page.ts';
import type { z } from 'zod';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { tellAffected } from './affected.ts';
import { checkComponents } from './components.ts';

/** The incident's components as ids and as one line of names, for the lists. */
export const incidentColumns = {
  id: statusIncidents.id,
  title: statusIncidents.title,
  impact: statusIncidents.impact,
  status: statusIncidents.status,
  componentIds: sql<string[]>`array(
    select ic.component_id::text from ${statusIncidentComponents} ic
    where ic.incident_id = status_incidents.id order by ic.component_id)`,
  components: sql<string>`coalesce((
    select string_agg(c.name, ', ' order by c.position, c.name)
    from ${statusIncidentComponents} ic join ${statusComponents} c on c.id = ic.component_id
    where ic.incident_id = status_incidents.id), '')`,
  createdAt: sql<string>`${isoTimestamp(statusIncidents.createdAt)}`,
  updatedAt: sql<string>`${isoTimestamp(statusIncidents.updatedAt)}`,
  resolvedAt: sql<string | null>`${isoTimestamp(statusIncidents.resolvedAt)}`,
};

export async function readIncident(db: Db | Tx, id: string): Promise<Incident> {
  const [row] = await db
    .select(incidentColumns)
    .from(statusIncidents)
    .where(eq(statusIncidents.id, id));
  if (!row) throw notFound(STATUS_MESSAGES.incidentNotFound);
  const updates = await db
    .select({
      id: statusIncidentUpdates.id,
      status: statusIncidentUpdates.status,
      message: statusIncidentUpdates.message,
      createdAt: sql<string>`${isoTimestamp(statusIncidentUpdates.createdAt)}`,
    })
    .from(statusIncidentUpdates)
    .where(eq(statusIncidentUpdates.incidentId, id))
    .orderBy(desc(statusIncidentUpdates.createdAt), desc(statusIncidentUpdates.id));
  return { ...row, updates };
}

const eventOf = (status: IncidentStatus, first: boolean) =>
  first ? 'incident.created' : status === 'resolved' ? 'incident.resolved' : 'incident.updated';

async function tell(tx: Tx, incident: Incident, message: string, first: boolean) {
  await tellAffected(tx, {
    type: eventOf(incident.status, first),
    kind: 'incidents',
    entityId: incident.id,
    componentIds: incident.componentIds,
    data: {
      incidentId: incident.id,
      title: incident.title,
      impact: incident.impact,
      status: incident.status,
      message,
    },
  });
}

export async function openIncident(
  tx: Tx,
  actor: Actor,
  input: z.output<typeof incidentInputSchema>,
): Promise<Incident> {
  await checkComponents(tx, input.componentIds);
  const [row] = await tx
    .insert(statusIncidents)
    .values({ title: input.title, impact: input.impact, status: input.status })
    .returning({ id: statusIncidents.id });
  if (!row) throw new Error('insert returned no row');
  await tx
    .insert(statusIncidentComponents)
    .values(input.componentIds.map((componentId) => ({ incidentId: row.id, componentId })));
  await tx
    .insert(statusIncidentUpdates)
    .values({ incidentId: row.id, status: input.status, message: input.message });
  const incident = await readIncident(tx, row.id);
  await tell(tx, incident, input.message, true);
  await audit(tx, actor, 'status_incident.open', incident, input.status);
  return incident;
}

/** Adds an update (and its status) to an open incident; a resolved one refuses with 409. */
export async function updateIncident(
  tx: Tx,
  actor: Actor,
  id: string,
  input: z.output<typeof incidentUpdateInputSchema>,
): Promise<Incident> {
  // Locked: two updates racing on the same incident see each other, so only one resolves it.
  const [current] = await tx
    .select({ status: statusIncidents.status })
    .from(statusIncidents)
    .where(eq(statusIncidents.id, id))
    .for('update');
  if (!current) throw notFound(STATUS_MESSAGES.incidentNotFound);
  if (current.status === 'resolved') throw conflict(STATUS_MESSAGES.resolvedIncident);
  // Each update is printed on the public page for 90 days (outside attack, 2026-11-29: 100 of
  // them made it a megabyte) and mailed to the affected companies. Resolving is always allowed.
  const [{ updates } = { updates: 0 }] = await tx
    .select({ updates: count() })
    .from(statusIncidentUpdates)
    .where(eq(statusIncidentUpdates.incidentId, id));
  if (updates >= INCIDENT_UPDATES_MAX && input.status !== 'resolved')
    throw conflict(STATUS_MESSAGES.tooManyUpdates);
  const now = new Date();
  await tx
    .update(statusIncidents)
    .set({
      status: input.status,
      updatedAt: now,
      resolvedAt: input.status === 'resolved' ? now : null,
    })
    .where(eq(statusIncidents.id, id));
  await tx
    .insert(statusIncidentUpdates)
    .values({ incidentId: id, status: input.status, message: input.message, createdAt: now });
  const incident = await readIncident(tx, id);
  await tell(tx, incident, input.message, false);
  await audit(tx, actor, 'status_incident.update', incident, input.status);
  return incident;
}

const audit = (tx: Tx, actor: Actor, action: string, incident: Incident, status: string) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'status_incident',
    entityId: incident.id,
    customerId: null,
    details: { title: incident.title, status },
  });
