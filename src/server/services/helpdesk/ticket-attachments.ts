// The attachments of a ticket's messages (issue 17), for every door. Who may read them is
// decided by the door's ticket check (the portal's `loadTicket`, staff see all): a file is
// found only through the ticket it belongs to.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { ticketAttachments } from '../../db/schema.ts';
import type {
  AttachmentVariant,
  TicketAttachment,
} from '../../../shared/schemas/ticket-attachments.ts';
import type { StoredAttachment } from './attachment-files.ts';

/** Records a message's stored files in the message's own transaction. */
export async function recordAttachments(
  tx: Tx,
  {
    ticketId,
    replyId,
    uploadedByUserId,
    files,
  }: {
    ticketId: string;
    replyId: string | null;
    uploadedByUserId: string | null;
    files: StoredAttachment[];
  },
): Promise<void> {
  if (files.length === 0) return;
  await tx
    .insert(ticketAttachments)
    .values(files.map((f, position) => ({ ...f, ticketId, replyId, uploadedByUserId, position })));
}

/** A ticket's attachments in the order they were sent. */
export async function attachmentsOf(db: Db | Tx, ticketId: string): Promise<TicketAttachment[]> {
  return db
    .select({
      id: ticketAttachments.id,
      replyId: ticketAttachments.replyId,
      name: ticketAttachments.name,
      size: ticketAttachments.size,
      contentType: ticketAttachments.contentType,
      image: sql<boolean>`${ticketAttachments.thumbKey} is not null`,
      width: ticketAttachments.width,
      height: ticketAttachments.height,
    })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.ticketId, ticketId))
    .orderBy(asc(ticketAttachments.createdAt), asc(ticketAttachments.position));
}

/** The stored key and download name of one attachment of a ticket, in the variant asked for. */
export async function attachmentFile(
  db: Db | Tx,
  ticketId: string,
  attachmentId: string,
  variant: AttachmentVariant,
): Promise<{ key: string; name: string } | null> {
  const [row] = await db
    .select({
      name: ticketAttachments.name,
      file: ticketAttachments.storageKey,
      thumb: ticketAttachments.thumbKey,
      view: ticketAttachments.viewKey,
    })
    .from(ticketAttachments)
    .where(and(eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, attachmentId)));
  if (!row) return null;
  const key = row[variant];
  if (!key) return null;
  // A thumbnail or viewing size is a WebP of the image: its name says so when saved.
  const name = variant === 'file' ? row.name : `${row.name.replace(/\.[^.]*$/, '')}.webp`;
  return { key, name };
}
