import { sql, type SQLWrapper } from 'drizzle-orm';
import type { PortalDocument } from '../../shared/schemas/documents.ts';
import type { PagedList } from './paged-list.ts';
import { orEmpty, searchText } from './search-text.ts';
import { isoTimestamp } from './json-list.ts';
import { documents } from './schema.ts';

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

/**
 * The documents list in pages: newest first, search on name and project name (spec section 5).
 * The staff company page reads the same order and search with its own fields.
 */
export const documentPages: PagedList<PortalDocument, 'category' | 'type'> = {
  name: 'documents',
  from: sql`${documents}`,
  scope: documents.customerId,
  row: documentFields,
  order: [
    { expr: documents.uploadedAt, desc: true, type: 'timestamptz' },
    { expr: documents.id, desc: true, type: 'uuid' },
  ],
  // The project's name is copied onto the document (migration 0015): no join to search it.
  search: searchText(documents.name, orEmpty(documents.projectName)),
  searchIndexed: true,
  totalsNotified: true,
  pagesNotified: true,
  filters: { category: documents.category, type: documents.type },
};
