import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { DocumentSummary } from '../../../shared/schemas/documents.ts';
import type { Db } from '../../db/client.ts';
import { documents } from '../../db/schema.ts';
import { visibleDocuments } from '../../services/role-filters.ts';
import type { CompanyRole } from '../../../shared/permissions.ts';

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
