// The status page's components (ADR 079): what staff list on it, and the sites each serves.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers, sites, statusComponentSites, statusComponents } from '../../db/schema.ts';
import { badRequest, notFound } from '../../lib/errors.ts';
import {
  STATUS_MESSAGES,
  type ComponentState,
  type ComponentValues,
  type StatusComponent,
} from '../../../shared/schemas/status-page.ts';
import type { Actor } from '../actor.ts';
import { recordAudit } from '../audit.ts';
import { componentStateMap } from './state.ts';

/** Every component in page order, with its sites and its state now. */
export async function listComponents(db: Db | Tx, now = new Date()): Promise<StatusComponent[]> {
  const rows = await db
    .select()
    .from(statusComponents)
    .orderBy(asc(statusComponents.position), asc(statusComponents.name), asc(statusComponents.id));
  const links = await db
    .select({
      componentId: statusComponentSites.componentId,
      id: sites.id,
      name: sites.name,
      customerName: customers.name,
    })
    .from(statusComponentSites)
    .innerJoin(sites, eq(sites.id, statusComponentSites.siteId))
    .innerJoin(customers, eq(customers.id, sites.customerId))
    .orderBy(asc(customers.name), asc(sites.name));
  const states = await componentStateMap(db, now);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    position: row.position,
    allCustomers: row.allCustomers,
    sites: links
      .filter((l) => l.componentId === row.id)
      .map(({ id, name, customerName }) => ({ id, name, customerName })),
    state: states.get(row.id) ?? ('operational' satisfies ComponentState),
  }));
}

async function readComponent(tx: Tx, id: string): Promise<StatusComponent> {
  const found = (await listComponents(tx)).find((c) => c.id === id);
  if (!found) throw notFound(STATUS_MESSAGES.componentNotFound);
  return found;
}

/** A component of all customers names no sites: every company's are served. */
async function setSites(tx: Tx, componentId: string, values: ComponentValues) {
  const siteIds = values.allCustomers ? [] : values.siteIds;
  if (siteIds.length) {
    const known = await tx.select({ id: sites.id }).from(sites).where(inArray(sites.id, siteIds));
    if (known.length !== siteIds.length) throw badRequest(STATUS_MESSAGES.unknownSite);
  }
  await tx.delete(statusComponentSites).where(eq(statusComponentSites.componentId, componentId));
  if (siteIds.length) {
    await tx
      .insert(statusComponentSites)
      .values(siteIds.map((siteId) => ({ componentId, siteId })));
  }
}

const columns = (v: ComponentValues) => ({
  name: v.name,
  description: v.description,
  position: v.position,
  allCustomers: v.allCustomers,
});

export async function createComponent(
  tx: Tx,
  actor: Actor,
  values: ComponentValues,
): Promise<StatusComponent> {
  const [row] = await tx
    .insert(statusComponents)
    .values(columns(values))
    .returning({ id: statusComponents.id });
  if (!row) throw new Error('insert returned no row');
  await setSites(tx, row.id, values);
  await audit(tx, actor, 'status_component.create', row.id, values.name);
  return readComponent(tx, row.id);
}

export async function updateComponent(
  tx: Tx,
  actor: Actor,
  id: string,
  values: ComponentValues,
): Promise<StatusComponent> {
  const [row] = await tx
    .update(statusComponents)
    .set(columns(values))
    .where(eq(statusComponents.id, id))
    .returning({ id: statusComponents.id });
  if (!row) throw notFound(STATUS_MESSAGES.componentNotFound);
  await setSites(tx, id, values);
  await audit(tx, actor, 'status_component.update', id, values.name);
  return readComponent(tx, id);
}

/** Removes it from the page; past incidents keep their text but no longer name it. */
export async function deleteComponent(tx: Tx, actor: Actor, id: string): Promise<void> {
  const [row] = await tx
    .delete(statusComponents)
    .where(eq(statusComponents.id, id))
    .returning({ name: statusComponents.name });
  if (!row) throw notFound(STATUS_MESSAGES.componentNotFound);
  await audit(tx, actor, 'status_component.delete', id, row.name);
}

/** Refuses component ids that do not exist (a 400 naming the field's rule). */
export async function checkComponents(tx: Tx, ids: readonly string[]): Promise<void> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(statusComponents)
    .where(inArray(statusComponents.id, [...ids]));
  if ((row?.n ?? 0) !== ids.length) throw badRequest(STATUS_MESSAGES.unknownComponent);
}

const audit = (tx: Tx, actor: Actor, action: string, id: string, name: string) =>
  recordAudit(tx, actor, {
    action,
    entityType: 'status_component',
    entityId: id,
    customerId: null,
    details: { name },
  });
