// What the status page's readers see (ADR 079): the public page's state and 90 days of history,
// and the portal banner's incidents and maintenance on one company's sites.
import { and, desc, eq, gt, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import {
  sites,
  statusComponentSites,
  statusComponents,
  statusIncidentComponents,
  statusIncidentUpdates,
  statusIncidents,
  statusMaintenance,
  statusMaintenanceComponents,
  statusPageSettings,
} from '../../db/schema.ts';
import type {
  ComponentState,
  Incident,
  Maintenance,
  StatusComponent,
  StatusNotice,
} from '../../../shared/schemas/status-page.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { listComponents } from './components.ts';
import { incidentColumns } from './incidents.ts';
import { maintenanceColumns } from './maintenance.ts';
import { worse } from './state.ts';

const DAY = 86_400_000;
/** How far back the public page's history reaches. */
export const HISTORY_DAYS = 90;
/** How soon a planned window shows in the portal banner before it starts. */
export const BANNER_LEAD_DAYS = 7;

export async function statusEnabled(db: Db | Tx): Promise<boolean> {
  const [row] = await db.select({ enabled: statusPageSettings.enabled }).from(statusPageSettings);
  return row?.enabled ?? false;
}

export async function setStatusEnabled(tx: Tx, actor: Actor, enabled: boolean) {
  await tx
    .insert(statusPageSettings)
    .values({ id: true, enabled })
    .onConflictDoUpdate({ target: statusPageSettings.id, set: { enabled, updatedAt: new Date() } });
  await recordAudit(tx, actor, {
    action: enabled ? 'status_page.enable' : 'status_page.disable',
    entityType: 'status_page',
    entityId: null,
    customerId: null,
  });
  return { enabled };
}

export type PublicStatus = {
  overall: ComponentState;
  components: StatusComponent[];
  openIncidents: Incident[];
  maintenance: Maintenance[];
  pastIncidents: Incident[];
  pastMaintenance: Maintenance[];
};

async function withUpdates(db: Db | Tx, rows: Omit<Incident, 'updates'>[]): Promise<Incident[]> {
  if (rows.length === 0) return [];
  const updates = await db
    .select({
      incidentId: statusIncidentUpdates.incidentId,
      id: statusIncidentUpdates.id,
      status: statusIncidentUpdates.status,
      message: statusIncidentUpdates.message,
      createdAt: sql<string>`${isoTimestamp(statusIncidentUpdates.createdAt)}`,
    })
    .from(statusIncidentUpdates)
    .where(
      inArray(
        statusIncidentUpdates.incidentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(desc(statusIncidentUpdates.createdAt), desc(statusIncidentUpdates.id));
  return rows.map((row) => ({
    ...row,
    updates: updates.filter((u) => u.incidentId === row.id).map(({ incidentId: _, ...u }) => u),
  }));
}

/**
 * The public page's content, or null while it shows the spec's placeholder: staff have not
 * turned it on, or no component is defined yet.
 */
export async function publicStatus(db: Db | Tx, now = new Date()): Promise<PublicStatus | null> {
  if (!(await statusEnabled(db))) return null;
  const components = await listComponents(db, now);
  if (components.length === 0) return null;
  const since = new Date(now.getTime() - HISTORY_DAYS * DAY);
  const openIncidents = await withUpdates(
    db,
    await db
      .select(incidentColumns)
      .from(statusIncidents)
      .where(ne(statusIncidents.status, 'resolved'))
      .orderBy(desc(statusIncidents.createdAt), desc(statusIncidents.id)),
  );
  const pastIncidents = await withUpdates(
    db,
    await db
      .select(incidentColumns)
      .from(statusIncidents)
      .where(and(eq(statusIncidents.status, 'resolved'), gte(statusIncidents.resolvedAt, since)))
      .orderBy(desc(statusIncidents.resolvedAt), desc(statusIncidents.id)),
  );
  const maintenance = await db
    .select(maintenanceColumns)
    .from(statusMaintenance)
    .where(gt(statusMaintenance.endsAt, now))
    .orderBy(statusMaintenance.startsAt, statusMaintenance.id);
  const pastMaintenance = await db
    .select(maintenanceColumns)
    .from(statusMaintenance)
    .where(and(lte(statusMaintenance.endsAt, now), gte(statusMaintenance.endsAt, since)))
    .orderBy(desc(statusMaintenance.endsAt), desc(statusMaintenance.id));
  const overall = components.reduce<ComponentState>((acc, c) => worse(acc, c.state), 'operational');
  return { overall, components, openIncidents, maintenance, pastIncidents, pastMaintenance };
}

/** Whether component `sc` serves the company: it is all customers', or one of its sites'. */
const servesCompany = (customerId: string) =>
  sql`(sc.all_customers or exists (
    select 1 from ${statusComponentSites} cs join ${sites} s on s.id = cs.site_id
    where cs.component_id = sc.id and s.customer_id = ${customerId}))`;

/** The company's sites a set of components serves (by name). */
const companySites = (customerId: string, components: SQL) => sql<string[]>`array(
  select distinct s.name from ${statusComponentSites} cs join ${sites} s on s.id = cs.site_id
  where s.customer_id = ${customerId} and cs.component_id in (${components}) order by s.name)`;

/**
 * The portal banner (issue 43 item 3): open incidents and maintenance under way or starting within
 * a week on components that serve the company. Shown whether or not the public page is on: it
 * tells a customer about their own sites.
 */
export async function customerNotices(
  db: Db | Tx,
  customerId: string,
  now = new Date(),
): Promise<StatusNotice[]> {
  const incidentComponents = sql`select ic.component_id from ${statusIncidentComponents} ic
    where ic.incident_id = status_incidents.id`;
  const incidents = await db
    .select({
      id: statusIncidents.id,
      title: statusIncidents.title,
      status: sql<string>`${statusIncidents.status}::text`,
      startsAt: sql<string>`${isoTimestamp(statusIncidents.createdAt)}`,
      sites: companySites(customerId, incidentComponents),
    })
    .from(statusIncidents)
    .where(
      and(
        ne(statusIncidents.status, 'resolved'),
        sql`exists (select 1 from ${statusIncidentComponents} ic2
                    join ${statusComponents} sc on sc.id = ic2.component_id
                    where ic2.incident_id = status_incidents.id and ${servesCompany(customerId)})`,
      ),
    )
    .orderBy(desc(statusIncidents.createdAt), desc(statusIncidents.id));
  const windowComponents = sql`select mc.component_id from ${statusMaintenanceComponents} mc
    where mc.maintenance_id = status_maintenance.id`;
  const soon = new Date(now.getTime() + BANNER_LEAD_DAYS * DAY);
  const windows = await db
    .select({
      id: statusMaintenance.id,
      title: statusMaintenance.title,
      status: sql<string>`case when ${statusMaintenance.startsAt} <= ${now.toISOString()}::timestamptz
        then 'in-progress' else 'scheduled' end`,
      startsAt: sql<string>`${isoTimestamp(statusMaintenance.startsAt)}`,
      endsAt: sql<string>`${isoTimestamp(statusMaintenance.endsAt)}`,
      timeZone: statusMaintenance.timeZone,
      sites: companySites(customerId, windowComponents),
    })
    .from(statusMaintenance)
    .where(
      and(
        gt(statusMaintenance.endsAt, now),
        lte(statusMaintenance.startsAt, soon),
        sql`exists (select 1 from ${statusMaintenanceComponents} mc2
                    join ${statusComponents} sc on sc.id = mc2.component_id
                    where mc2.maintenance_id = status_maintenance.id and ${servesCompany(customerId)})`,
      ),
    )
    .orderBy(statusMaintenance.startsAt, statusMaintenance.id);
  return [
    ...incidents.map((i) => ({
      kind: 'incident' as const,
      ...i,
      endsAt: null,
      timeZone: null,
    })),
    ...windows.map((w) => ({ kind: 'maintenance' as const, ...w })),
  ];
}
