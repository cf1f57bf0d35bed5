import { and, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DocumentSummary, PortalDocument } from '../../../shared/schemas/documents.ts';
import type { PagedList } from '../../db/paged-list.ts';
import { orEmpty, searchText } from '../../db/search-text.ts';
import type { Db } from '../../db/client.ts';
import { isoTimestamp } from '../../db/json-list.ts';
import { documents } from '../../db/schema.ts';
import { visibleDocuments } from '../../services/role-filters.ts';
import type { CompanyRole } from '../../../shared/permissions.ts';

const documentFields = (
  customerId: string,
): { [K in keyof Required<PortalDocument>]: SQLWrapper } => ({
  id: documents.id,
  name: documents.name,
  type: documents.type,
  size: documents.size,
  category: documents.category,
  uploadedBy: documents.uploadedBy,
  uploadedAt: isoTimestamp(documents.uploadedAt),
  lastModified: isoTimestamp(documents.lastModified),
  downloadUrl: sql`${`/api/customers/${customerId}/documents/`} || ${documents.id} || '/download'`,
  projectId: documents.projectId,
  projectName: documents.projectName,
});

/** The documents list in pages: newest first, search on name and project name (spec section 5). */
export const documentPages: PagedList<PortalDocument, 'category' | 'type'> = {
  name: 'documents',
  from: sql`${documents}`,
  row: documentFields,
  order: [
    { expr: documents.uploadedAt, desc: true, type: 'timestamptz' },
    { expr: documents.id, desc: true, type: 'uuid' },
  ],
  // The project's name is copied onto the document (migration 0015): no join to search it.
  search: searchText(documents.name, orEmpty(documents.projectName)),
  searchIndexed: true,
  filters: { category: documents.category, type: documents.type },
};

/**
 * The documents screen's four cards and the file types present (the type filter's options),
 * over the documents `where` selects (the company and the reader's role).
 */
export async function documentSummary(db: Db, where: SQL | undefined): Promise<DocumentSummary> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      project: sql<number>`(count(*) filter (where ${documents.category} = 'project'))::int`,
      invoice: sql<number>`(count(*) filter (where ${documents.category} = 'invoice'))::int`,
      size: sql<string>`coalesce(sum(${documents.size}), 0)`,
      types: sql<string[]>`coalesce(array_agg(distinct ${documents.type}), '{}')`,
    })
    .from(documents)
    .where(where);
  const r = row!;
  return { ...r, size: Number(r.size), types: [...r.types].sort() };
}

/** What serving one file needs; undefined when the document is not that company's. */
export async function findDocumentFile(
  db: Db,
  customerId: string,
  documentId: string,
  role: CompanyRole,
) {
  const [row] = await db
    .select({
      name: documents.name,
      type: documents.type,
      contentType: documents.contentType,
      storageKey: documents.storageKey,
    })
    .from(documents)
    .where(
      and(
        eq(documents.id, documentId),
        eq(documents.customerId, customerId),
        visibleDocuments(role),
      ),
    )
    .limit(1);
  return row;
}
