import { and, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type {
  Project,
  ProjectName,
  ProjectStatus,
  ProjectSummary,
} from '../../shared/schemas/projects.ts';
import type { PagedList } from './paged-list.ts';
import { searchText } from './search-text.ts';
import type { Db } from './client.ts';
import { jsonArrayText, jsonFields, type JsonText } from './json-list.ts';
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

const projectFields: { [K in keyof Required<Project>]: SQLWrapper } = {
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
};
const projectJson = jsonFields<Project>(projectFields);

/** The projects list in pages: newest start first, search on name and description (spec section 5). */
export const projectPages: PagedList<Project, 'status'> = {
  name: 'projects',
  from: sql`${projects}`,
  scope: projects.customerId,
  row: () => projectFields,
  order: [
    { expr: projects.startDate, desc: true, type: 'date' },
    { expr: projects.name, type: 'text' },
    { expr: projects.id, type: 'uuid' },
  ],
  search: searchText(projects.name, projects.description),
  searchIndexed: true,
  totalsNotified: true,
  pagesNotified: true,
  filters: { status: projects.status },
};

/** The projects screen's four cards (a count per status) over all of a company's projects. */
export async function projectSummary(db: Db, customerId: string): Promise<ProjectSummary> {
  const count = (status: ProjectStatus) =>
    sql<number>`(count(*) filter (where ${projects.status} = ${status}))::int`;
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      'in-progress': count('in-progress'),
      completed: count('completed'),
      scheduled: count('scheduled'),
      'on-hold': count('on-hold'),
    })
    .from(projects)
    .where(eq(projects.customerId, customerId));
  return row!;
}

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

/**
 * What a role without `projects` reads of the same list (issue 18): names and statuses,
 * in the same order and pages, searched by name only.
 */
export const projectNamePages: PagedList<ProjectName, 'status'> = {
  name: 'project-names',
  from: projectPages.from,
  scope: projectPages.scope,
  row: () => ({ id: projects.id, name: projects.name, status: projects.status }),
  order: projectPages.order,
  search: projects.name,
  searchIndexed: true,
  totalsNotified: true,
  pagesNotified: true,
  filters: projectPages.filters,
};
