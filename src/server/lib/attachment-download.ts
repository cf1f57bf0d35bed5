import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  attachmentVariants,
  type AttachmentVariant,
} from '../../shared/schemas/ticket-attachments.ts';
import { notFound } from './errors.ts';
import { inspectFile, sendFile } from './safe-file.ts';
import { storedFile } from './stored-file.ts';

export const ATTACHMENT_NOT_FOUND = 'Attachment not found';

/**
 * One attachment's download, the same for the portal and the staff door (issue 17): each door
 * decides first whether its caller may see the ticket, this answers the file. `file` (the
 * default) downloads; an image's `thumb` and `view` are shown inline.
 */
export const attachmentDownloadSchema = {
  attachmentId: z.uuid({ message: ATTACHMENT_NOT_FOUND }),
  querystring: z.object({
    variant: z
      .enum(attachmentVariants, { message: 'variant must be file, thumb or view' })
      .default('file'),
  }),
  response: { 200: z.instanceof(Readable) },
};

export async function sendAttachment(
  app: FastifyInstance,
  reply: FastifyReply,
  file: { key: string; name: string } | null | undefined,
  variant: AttachmentVariant,
) {
  if (!file) throw notFound(ATTACHMENT_NOT_FOUND);
  return sendFile(reply, await inspectFile(await storedFile(app, file.key)), {
    name: file.name,
    inline: variant !== 'file',
  });
}
