import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { projectListSchema, type Project } from '../../../shared/schemas/projects.ts';
import { milestones, projects } from '../../db/schema.ts';
import { DEMO_USERS } from '../../seed/demo.ts';
import { portalApiFixture } from '../../test/portal-api-fixture.ts';

describe('GET /api/customers/:customerId/projects', () => {
  const t = portalApiFixture();
  const list = (company: string, email: string) => t.list<Project[]>('projects', company, email);

  for (const [company, email] of [
    ['Acme Logistics', DEMO_USERS.acme],
    ['Globex Retail', DEMO_USERS.globex],
  ] as const) {
    it(`lists ${company}'s projects with all their milestones in due-date order`, async () => {
      const { customerId, body } = await list(company, email);
      expect(projectListSchema.parse(body)).toEqual(body);
      const rows = await t.app.db
        .select()
        .from(projects)
        .where(eq(projects.customerId, customerId));
      const ms = await t.app.db
        .select()
        .from(milestones)
        .where(
          inArray(
            milestones.projectId,
            rows.map((r) => r.id),
          ),
        );
      expect(body.map((p) => p.id).sort()).toEqual(rows.map((r) => r.id).sort());
      for (const row of rows) {
        const own = ms
          .filter((m) => m.projectId === row.id)
          .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
        expect(body.find((p) => p.id === row.id)).toEqual({
          id: row.id,
          name: row.name,
          description: row.description,
          status: row.status,
          progress: row.progress,
          startDate: row.startDate,
          estimatedCompletion: row.estimatedCompletion,
          endDate: row.endDate,
          projectManager: row.projectManager,
          notes: row.notes,
          milestones: own.map((m) => ({
            id: m.id,
            title: m.title,
            description: m.description,
            status: m.status,
            dueDate: m.dueDate,
            completedDate: m.completedDate,
          })),
        });
      }
      const starts = body.map((p) => p.startDate);
      expect(starts).toEqual([...starts].sort().reverse());
    });
  }

  it('answers an empty list for a company with no projects', async () => {
    expect((await list('Initech', DEMO_USERS.initech)).body).toEqual([]);
  });
});
