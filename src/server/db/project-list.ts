import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Project } from '../../shared/schemas/projects.ts';
import type { Db } from './client.ts';
import { jsonArrayText, jsonFields, selectJsonText, type JsonText } from './json-list.ts';
import { projects } from './schema.ts';

/**
 * The project's milestones in due-date order, aggregated in the same query (no N+1).
 * `projects.id` is spelled out: drizzle renders an interpolated column unqualified,
 * which inside this subquery would mean the milestone's own id.
 */
const milestonesJson = sql`coalesce((
  select json_agg(json_build_object(
    'id', m.id, 'title', m.title, 'description', m.description, 'status', m.status,
    'dueDate', m.due_date, 'completedDate', m.completed_date
  ) order by m.due_date, m.created_at)
  from milestones m where m.project_id = projects.id
), '[]'::json)`;

const projectJson = jsonFields<Project>({
  id: projects.id,
  name: projects.name,
  description: projects.description,
  status: projects.status,
  progress: projects.progress,
  startDate: projects.startDate,
  estimatedCompletion: projects.estimatedCompletion,
  endDate: projects.endDate,
  projectManager: projects.projectManager,
  notes: projects.notes,
  milestones: milestonesJson,
});

/**
 * A company's projects with their milestones, newest start first, as the text of the JSON
 * array the API answers: an SQL expression, shared by the projects list and the dashboard's
 * Active Projects card (`where` narrows it).
 */
export function projectListJson(
  db: Db,
  customerId: string,
  opts: { limit?: number; where?: SQL } = {},
): SQL<JsonText<Project[]>> {
  const query = db
    .select(projectJson)
    .from(projects)
    .where(and(eq(projects.customerId, customerId), opts.where))
    .orderBy(desc(projects.startDate), projects.name);
  return jsonArrayText(opts.limit ? query.limit(opts.limit) : query);
}

/** All of a company's projects as the JSON text the API answers. */
export const listProjects = (db: Db, customerId: string) =>
  selectJsonText(db, projectListJson(db, customerId));
