// Staff file a company's documents (issue 20): the upload's bytes are stored by the route;
// the record, the dashboard line, the domain event and the audit line are written here.
import path from 'node:path';
import type { Tx } from '../db/client.ts';
import { documents } from '../db/schema.ts';
import type { DocumentCategory, StaffDocument } from '../../shared/schemas/documents.ts';
import type { Actor } from './actor.ts';
import { recordActivity } from './activity.ts';
import { recordAudit } from './audit.ts';
import { recordEvent } from './domain-events.ts';

/** Spec section 3: a document's type is its file extension. */
function extensionOf(name: string): string {
  const ext = path.extname(name).slice(1).toLowerCase();
  return /^[a-z0-9]{1,10}$/.test(ext) ? ext : 'file';
}

/** A stored file, as the upload found it. */
export type StoredDocument = {
  customerId: string;
  project: { id: string; name: string } | null;
  name: string;
  category: DocumentCategory;
  /** What the bytes are (file-type), never what the uploader declared. */
  contentType: string;
  size: number;
  storageKey: string;
};

/** Files a stored upload as a company's document. */
export async function addDocument(
  tx: Tx,
  actor: Actor,
  file: StoredDocument,
): Promise<StaffDocument> {
  const { customerId, name, category, size } = file;
  const projectId = file.project?.id ?? null;
  const [created] = await tx
    .insert(documents)
    .values({
      customerId,
      projectId,
      name,
      type: extensionOf(name),
      contentType: file.contentType,
      size,
      category,
      storageKey: file.storageKey,
      uploadedBy: actor.name,
      uploadedByUserId: actor.id,
    })
    .returning();
  if (!created) throw new Error('document not created');
  await recordActivity(tx, customerId, 'document', `New document: ${name}`);
  await recordEvent(tx, {
    type: 'document.added',
    customerId,
    entityId: created.id,
    data: { documentId: created.id, name, category, size, projectId },
  });
  await recordAudit(tx, actor, {
    action: 'document.upload',
    entityType: 'document',
    entityId: created.id,
    customerId,
    details: { name, size, category, projectId },
  });
  return {
    id: created.id,
    name: created.name,
    type: created.type,
    size: created.size,
    category: created.category,
    projectId: created.projectId,
    projectName: file.project?.name ?? null,
    uploadedBy: created.uploadedBy,
    uploadedAt: created.uploadedAt.toISOString(),
  };
}
