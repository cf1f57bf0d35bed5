// Staff run a company's projects and their milestones (issue 20): a new project and a
// completed milestone show on the company's dashboard; status changes are domain events.
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../db/client.ts';
import { milestones, projects } from '../db/schema.ts';
import { badRequest, notFound } from '../lib/errors.ts';
import type { milestoneInputSchema } from '../../shared/schemas/milestones.ts';
import type { projectInputSchema } from '../../shared/schemas/projects.ts';
import type { Actor } from './actor.ts';
import { recordActivity } from './activity.ts';
import { recordAudit } from './audit.ts';
import { requireCompany } from './companies.ts';
import { recordEvent } from './domain-events.ts';

const PROJECT_NOT_FOUND = 'Project not found';
const MILESTONE_NOT_FOUND = 'Milestone not found';

const today = () => new Date().toISOString().slice(0, 10);

type ProjectInput = z.output<typeof projectInputSchema>;
type MilestoneInput = z.output<typeof milestoneInputSchema>;

/** A completed project without an end date ended today; other statuses have none. */
const projectRow = (input: ProjectInput) => ({
  ...input,
  endDate: input.status === 'completed' ? (input.endDate ?? today()) : null,
});
const milestoneRow = (input: MilestoneInput) => ({
  ...input,
  completedDate: input.status === 'completed' ? (input.completedDate ?? today()) : null,
});

const milestoneApi = (m: typeof milestones.$inferSelect) => ({
  id: m.id,
  title: m.title,
  description: m.description,
  status: m.status,
  dueDate: m.dueDate,
  completedDate: m.completedDate,
});

async function loadProjects(db: Db | Tx, where: SQL) {
  const rows = await db.select().from(projects).where(where).orderBy(desc(projects.startDate));
  const ids = rows.map((r) => r.id);
  const ms = ids.length
    ? await db
        .select()
        .from(milestones)
        .where(inArray(milestones.projectId, ids))
        .orderBy(asc(milestones.dueDate))
    : [];
  return rows.map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    status: p.status,
    progress: p.progress,
    startDate: p.startDate,
    estimatedCompletion: p.estimatedCompletion,
    endDate: p.endDate,
    projectManager: p.projectManager,
    notes: p.notes,
    milestones: ms.filter((m) => m.projectId === p.id).map(milestoneApi),
  }));
}

/** A project as staff's company page shows it, with its milestones. */
export async function loadProject(db: Db | Tx, projectId: string) {
  const [project] = await loadProjects(db, eq(projects.id, projectId));
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

/** A project chosen for a company's record must belong to that company. */
export async function requireProjectOf(
  db: Db | Tx,
  customerId: string,
  projectId: string,
): Promise<{ id: string; name: string }> {
  const [row] = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.customerId, customerId)))
    .limit(1);
  if (!row) throw badRequest('Project not found for this company');
  return row;
}

/** Starts a project for a company; returns its id. */
export async function createProject(
  tx: Tx,
  actor: Actor,
  customerId: string,
  input: ProjectInput,
): Promise<string> {
  await requireCompany(tx, customerId);
  const [row] = await tx
    .insert(projects)
    .values({ customerId, ...projectRow(input) })
    .returning({ id: projects.id, name: projects.name });
  if (!row) throw new Error('project not created');
  await recordActivity(tx, customerId, 'other', `New project: ${row.name}`);
  await recordAudit(tx, actor, {
    action: 'project.create',
    entityType: 'project',
    entityId: row.id,
    customerId,
    details: { name: row.name },
  });
  return row.id;
}

export async function updateProject(
  tx: Tx,
  actor: Actor,
  projectId: string,
  input: ProjectInput,
): Promise<void> {
  const [before] = await tx
    .select({ status: projects.status })
    .from(projects)
    .where(eq(projects.id, projectId))
    .for('update')
    .limit(1);
  if (!before) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await tx
    .update(projects)
    .set({ ...projectRow(input), updatedAt: sql`now()` })
    .where(eq(projects.id, projectId))
    .returning({
      customerId: projects.customerId,
      status: projects.status,
      name: projects.name,
    });
  if (!row) throw notFound(PROJECT_NOT_FOUND);
  if (row.status !== before.status) {
    await recordEvent(tx, {
      type: 'project.status_changed',
      customerId: row.customerId,
      entityId: projectId,
      data: { projectId, name: row.name, status: row.status, previousStatus: before.status },
    });
  }
  await recordAudit(tx, actor, {
    action: 'project.update',
    entityType: 'project',
    entityId: projectId,
    customerId: row.customerId,
    details: { status: row.status, progress: input.progress },
  });
}

export async function addMilestone(tx: Tx, actor: Actor, projectId: string, input: MilestoneInput) {
  const [project] = await tx
    .select({ customerId: projects.customerId, name: projects.name })
    .from(projects)
    .where(eq(projects.id, projectId))
    .limit(1);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const [row] = await tx
    .insert(milestones)
    .values({ projectId, ...milestoneRow(input) })
    .returning();
  if (!row) throw new Error('milestone not created');
  if (row.status === 'completed') await recordMilestoneCompleted(tx, project.customerId, row);
  await recordAudit(tx, actor, {
    action: 'milestone.create',
    entityType: 'milestone',
    entityId: row.id,
    customerId: project.customerId,
    details: { project: project.name, title: row.title, status: row.status },
  });
  return milestoneApi(row);
}

export async function updateMilestone(
  tx: Tx,
  actor: Actor,
  milestoneId: string,
  input: MilestoneInput,
) {
  const [before] = await tx
    .select({ status: milestones.status, customerId: projects.customerId })
    .from(milestones)
    .innerJoin(projects, eq(projects.id, milestones.projectId))
    .where(eq(milestones.id, milestoneId))
    .for('update', { of: milestones })
    .limit(1);
  if (!before) throw notFound(MILESTONE_NOT_FOUND);
  const [row] = await tx
    .update(milestones)
    .set(milestoneRow(input))
    .where(eq(milestones.id, milestoneId))
    .returning();
  if (!row) throw notFound(MILESTONE_NOT_FOUND);
  if (row.status === 'completed' && before.status !== 'completed')
    await recordMilestoneCompleted(tx, before.customerId, row);
  await recordAudit(tx, actor, {
    action: 'milestone.update',
    entityType: 'milestone',
    entityId: row.id,
    customerId: before.customerId,
    details: { title: row.title, status: row.status },
  });
  return milestoneApi(row);
}

/** A milestone just completed: the dashboard's line and the domain event. */
async function recordMilestoneCompleted(
  tx: Tx,
  customerId: string,
  row: typeof milestones.$inferSelect,
) {
  await recordActivity(tx, customerId, 'milestone', `Milestone completed: ${row.title}`);
  await recordEvent(tx, {
    type: 'milestone.completed',
    customerId,
    entityId: row.id,
    data: { milestoneId: row.id, projectId: row.projectId, title: row.title, dueDate: row.dueDate },
  });
}
