import { and, desc, eq, sql } from 'drizzle-orm';
import type { PortalDocument } from '../../../shared/schemas/documents.ts';
import type { Db } from '../../db/client.ts';
import { isoTimestamp, jsonArray, jsonFields, type JsonText } from '../../db/json-list.ts';
import { documents, projects } from '../../db/schema.ts';

const documentJson = (customerId: string) =>
  jsonFields<PortalDocument>({
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
    projectName: projects.name,
  });

/** A company's documents with their project names, newest first, as the JSON array the API answers. */
export function listDocuments(db: Db, customerId: string): Promise<JsonText<PortalDocument[]>> {
  const query = db
    .select(documentJson(customerId))
    .from(documents)
    .leftJoin(projects, eq(projects.id, documents.projectId))
    .where(eq(documents.customerId, customerId))
    .orderBy(desc(documents.uploadedAt), desc(documents.id));
  return jsonArray(db, query);
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
