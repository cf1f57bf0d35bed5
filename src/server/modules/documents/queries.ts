import { and, desc, eq } from 'drizzle-orm';
import type { PortalDocument } from '../../../shared/schemas/documents.ts';
import type { Db } from '../../db/client.ts';
import { documents, projects } from '../../db/schema.ts';

export const documentDownloadUrl = (customerId: string, documentId: string) =>
  `/api/customers/${customerId}/documents/${documentId}/download`;

/** A company's documents with their project names, newest first, in one query. */
export async function listDocuments(db: Db, customerId: string): Promise<PortalDocument[]> {
  const rows = await db
    .select({
      id: documents.id,
      name: documents.name,
      type: documents.type,
      size: documents.size,
      category: documents.category,
      uploadedBy: documents.uploadedBy,
      uploadedAt: documents.uploadedAt,
      lastModified: documents.lastModified,
      projectId: documents.projectId,
      projectName: projects.name,
    })
    .from(documents)
    .leftJoin(projects, eq(projects.id, documents.projectId))
    .where(eq(documents.customerId, customerId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
  return rows.map((r) => ({
    ...r,
    uploadedAt: r.uploadedAt.toISOString(),
    lastModified: r.lastModified.toISOString(),
    downloadUrl: documentDownloadUrl(customerId, r.id),
  }));
}

/** What serving one file needs; undefined when the document is not that company's. */
export async function findDocumentFile(db: Db, customerId: string, documentId: string) {
  const [row] = await db
    .select({
      name: documents.name,
      type: documents.type,
      contentType: documents.contentType,
      storageKey: documents.storageKey,
    })
    .from(documents)
    .where(and(eq(documents.id, documentId), eq(documents.customerId, customerId)))
    .limit(1);
  return row;
}
