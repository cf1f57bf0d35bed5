import type { Project, ProjectStatus } from '../../../shared/schemas/projects.ts';
import { matchesSearch } from '../shared/search.ts';

export type ProjectFilter = ProjectStatus | 'all';

/** Spec section 5: search on name and description, combined with the status filter. */
export function filterProjects(rows: readonly Project[], search: string, status: ProjectFilter) {
  return rows.filter(
    (p) =>
      (status === 'all' || p.status === status) && matchesSearch(search, p.name, p.description),
  );
}

export function countProjects(rows: readonly Project[]): Record<ProjectStatus, number> {
  const counts = { 'in-progress': 0, completed: 0, scheduled: 0, 'on-hold': 0 };
  for (const p of rows) counts[p.status] += 1;
  return counts;
}
