import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { milestones, projects } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { milestoneInputSchema, milestoneSchema } from '../../../shared/schemas/milestones.ts';
import { projectInputSchema, staffProjectSchema } from '../../../shared/schemas/projects.ts';
import { idParam } from '../route-schemas.ts';
import { recordActivity } from '../../services/activity.ts';
import { recordEvent } from '../../services/domain-events.ts';
import { actorOf } from '../../plugins/session/actor.ts';
import { recordAudit } from '../../services/audit.ts';
import { requireCompany } from './lookups.ts';

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

async function loadProject(db: Db | Tx, projectId: string) {
  const [project] = await loadProjects(db, eq(projects.id, projectId));
  if (!project) throw notFound('Project not found');
  return project;
}

/** Projects with their milestones; new projects and completed milestones show on the dashboard. */
export const staffProjectRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/customers/:customerId/projects',
    {
      schema: {
        params: idParam('customerId'),
        body: projectInputSchema,
        response: { 201: staffProjectSchema },
      },
    },
    async (request, reply) => {
      const { customerId } = request.params;
      const id = await app.write(async (tx) => {
        await requireCompany(tx, customerId);
        const [row] = await tx
          .insert(projects)
          .values({ customerId, ...projectRow(request.body) })
          .returning({ id: projects.id, name: projects.name });
        if (!row) throw new Error('project not created');
        await recordActivity(tx, customerId, 'other', `New project: ${row.name}`);
        await recordAudit(tx, actorOf(request), {
          action: 'project.create',
          entityType: 'project',
          entityId: row.id,
          customerId,
          details: { name: row.name },
        });
        return row.id;
      });
      return reply.status(201).send(await loadProject(app.db, id));
    },
  );

  app.put(
    '/projects/:projectId',
    {
      schema: {
        params: idParam('projectId'),
        body: projectInputSchema,
        response: { 200: staffProjectSchema },
      },
    },
    async (request) => {
      const { projectId } = request.params;
      await app.write(async (tx) => {
        const [before] = await tx
          .select({ status: projects.status })
          .from(projects)
          .where(eq(projects.id, projectId))
          .for('update')
          .limit(1);
        if (!before) throw notFound('Project not found');
        const [row] = await tx
          .update(projects)
          .set({ ...projectRow(request.body), updatedAt: sql`now()` })
          .where(eq(projects.id, projectId))
          .returning({
            customerId: projects.customerId,
            status: projects.status,
            name: projects.name,
          });
        if (!row) throw notFound('Project not found');
        if (row.status !== before.status) {
          await recordEvent(tx, {
            type: 'project.status_changed',
            customerId: row.customerId,
            entityId: projectId,
            data: { projectId, name: row.name, status: row.status, previousStatus: before.status },
          });
        }
        await recordAudit(tx, actorOf(request), {
          action: 'project.update',
          entityType: 'project',
          entityId: projectId,
          customerId: row.customerId,
          details: { status: row.status, progress: request.body.progress },
        });
      });
      return loadProject(app.db, projectId);
    },
  );

  app.post(
    '/projects/:projectId/milestones',
    {
      schema: {
        params: idParam('projectId'),
        body: milestoneInputSchema,
        response: { 201: milestoneSchema },
      },
    },
    async (request, reply) => {
      const { projectId } = request.params;
      const created = await app.write(async (tx) => {
        const [project] = await tx
          .select({ customerId: projects.customerId, name: projects.name })
          .from(projects)
          .where(eq(projects.id, projectId))
          .limit(1);
        if (!project) throw notFound('Project not found');
        const [row] = await tx
          .insert(milestones)
          .values({ projectId, ...milestoneRow(request.body) })
          .returning();
        if (!row) throw new Error('milestone not created');
        if (row.status === 'completed') {
          await recordActivity(
            tx,
            project.customerId,
            'milestone',
            `Milestone completed: ${row.title}`,
          );
          await recordMilestoneCompleted(tx, project.customerId, row);
        }
        await recordAudit(tx, actorOf(request), {
          action: 'milestone.create',
          entityType: 'milestone',
          entityId: row.id,
          customerId: project.customerId,
          details: { project: project.name, title: row.title, status: row.status },
        });
        return row;
      });
      return reply.status(201).send(milestoneApi(created));
    },
  );

  app.put(
    '/milestones/:milestoneId',
    {
      schema: {
        params: idParam('milestoneId'),
        body: milestoneInputSchema,
        response: { 200: milestoneSchema },
      },
    },
    async (request) => {
      const { milestoneId } = request.params;
      return app.write(async (tx) => {
        const [before] = await tx
          .select({ status: milestones.status, customerId: projects.customerId })
          .from(milestones)
          .innerJoin(projects, eq(projects.id, milestones.projectId))
          .where(eq(milestones.id, milestoneId))
          .for('update', { of: milestones })
          .limit(1);
        if (!before) throw notFound('Milestone not found');
        const [row] = await tx
          .update(milestones)
          .set(milestoneRow(request.body))
          .where(eq(milestones.id, milestoneId))
          .returning();
        if (!row) throw notFound('Milestone not found');
        if (row.status === 'completed' && before.status !== 'completed') {
          await recordActivity(
            tx,
            before.customerId,
            'milestone',
            `Milestone completed: ${row.title}`,
          );
          await recordMilestoneCompleted(tx, before.customerId, row);
        }
        await recordAudit(tx, actorOf(request), {
          action: 'milestone.update',
          entityType: 'milestone',
          entityId: row.id,
          customerId: before.customerId,
          details: { title: row.title, status: row.status },
        });
        return milestoneApi(row);
      });
    },
  );
};

const recordMilestoneCompleted = (
  tx: Tx,
  customerId: string,
  row: typeof milestones.$inferSelect,
) =>
  recordEvent(tx, {
    type: 'milestone.completed',
    customerId,
    entityId: row.id,
    data: { milestoneId: row.id, projectId: row.projectId, title: row.title, dueDate: row.dueDate },
  });
