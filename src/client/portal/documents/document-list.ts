import { can, type CompanyRole } from '../../../shared/permissions.ts';
import type { DocumentCategory, PortalDocument } from '../../../shared/schemas/documents.ts';
import { documentCategories } from '../../../shared/status-values.ts';
import { matchesSearch } from '../shared/search.ts';

export type CategoryFilter = DocumentCategory | 'all';

/** Spec section 5: search on name and project name, combined with both filters. */
export function filterDocuments(
  rows: readonly PortalDocument[],
  search: string,
  category: CategoryFilter,
  type: string,
): readonly PortalDocument[] {
  if (!search.trim() && category === 'all' && type === 'all') return rows;
  return rows.filter(
    (d) =>
      (category === 'all' || d.category === category) &&
      (type === 'all' || d.type === type) &&
      matchesSearch(search, d.name, d.projectName),
  );
}

/** The type filter's options: the file types present, alphabetically. */
export function documentTypes(rows: readonly PortalDocument[]): string[] {
  return [...new Set(rows.map((d) => d.type))].sort();
}

export function summarizeDocuments(rows: readonly PortalDocument[]) {
  let project = 0;
  let invoice = 0;
  let size = 0;
  for (const d of rows) {
    if (d.category === 'project') project += 1;
    if (d.category === 'invoice') invoice += 1;
    size += d.size;
  }
  return { total: rows.length, project, invoice, size };
}

/**
 * The categories a role reads (the server's rule: services/role-filters.ts): invoice
 * documents need `invoices`, project documents `projects`, the rest everyone (review V11).
 */
export function categoriesFor(role: CompanyRole): DocumentCategory[] {
  return documentCategories.filter(
    (c) => (c !== 'invoice' || can(role, 'invoices')) && (c !== 'project' || can(role, 'projects')),
  );
}
