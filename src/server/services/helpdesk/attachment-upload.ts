// A message (new ticket or reply) sent as multipart/form-data: one `data` field holding the
// message as JSON, then up to ten files. Files are streamed to storage one after another;
// the message and its files are written together or, on any failure, none of it stays.
import type { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { badRequest } from '../../lib/errors.ts';
import { hasUnstorableText, UNSTORABLE_TEXT } from '../../lib/unstorable-text.ts';
import { cleanFileName } from '../../lib/file-name.ts';
import type { FileStorage } from '../storage.ts';
import type { ImageBudget } from '../image-budget.ts';
import { storeAttachment, type StoredAttachment } from './attachment-files.ts';
import { and, eq, gt, sum } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketAttachments } from '../../db/schema.ts';
import { HttpError } from '../../lib/errors.ts';
import {
  DAILY_UPLOADS_SPENT,
  MAX_ATTACHMENTS,
  MAX_ATTACHMENT_BYTES,
  MAX_MESSAGE_BYTES,
  MAX_UPLOAD_BYTES_PER_DAY,
  MESSAGE_FILES_TOO_LARGE,
  TOO_MANY_ATTACHMENTS,
} from '../../../shared/schemas/ticket-attachments.ts';

/** @fastify/multipart's limits for these routes: one more file than allowed, to say why. */
export const attachmentMultipartLimits = {
  fileSize: MAX_ATTACHMENT_BYTES,
  files: MAX_ATTACHMENTS + 1,
  fields: 2,
  fieldSize: 64 * 1024,
  parts: MAX_ATTACHMENTS + 3,
};

const FIELDS_FIRST = 'Send the message before its files';
const MESSAGE_ONCE = 'Send the message once';
const MESSAGE_TOO_LARGE = 'The message is too large';

function parseData<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  let json: unknown = value;
  try {
    // A part sent as application/json arrives parsed already.
    if (typeof value === 'string') json = JSON.parse(value);
  } catch {
    throw badRequest('The message must be JSON');
  }
  // As the JSON door refuses them (plugins/json-body.ts): the database cannot store them.
  if (hasUnstorableText(json)) throw badRequest(UNSTORABLE_TEXT);
  const parsed = schema.safeParse(json);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid message');
  return parsed.data;
}

/** Bytes the user attached in the last 24 hours (every server's uploads: they are rows). */
async function attachedToday(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ bytes: sum(ticketAttachments.size).mapWith(Number) })
    .from(ticketAttachments)
    .where(
      and(
        eq(ticketAttachments.uploadedByUserId, userId),
        gt(ticketAttachments.createdAt, new Date(Date.now() - 24 * 60 * 60 * 1000)),
      ),
    );
  return row?.bytes ?? 0;
}

/**
 * Reads the message and stores its files, then runs `write` with both (the caller's
 * transaction). Stored blobs are removed when reading, a check or `write` fails. Images
 * count against the sender's budget of pixels per minute (`images`, review N12).
 */
export async function withAttachments<S extends z.ZodType, T>(
  request: FastifyRequest,
  storage: FileStorage,
  {
    schema,
    prefix,
    images,
  }: { schema: S; prefix: string; images: { budget: ImageBudget; userId: string } },
  write: (body: z.output<S>, files: StoredAttachment[]) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  let current: Readable | undefined;
  try {
    let body: z.output<S> | undefined;
    const files: StoredAttachment[] = [];
    // Storage is bounded per message and per user a day, beside the size of each file.
    let allowed =
      MAX_UPLOAD_BYTES_PER_DAY - (await attachedToday(request.server.db, images.userId));
    let inMessage = 0;
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'data') continue;
        // One message, before its files: a second `data` would replace the one checked first.
        if (body !== undefined) throw badRequest(MESSAGE_ONCE);
        if (part.valueTruncated) throw new HttpError(413, MESSAGE_TOO_LARGE);
        body = parseData(schema, part.value);
        continue;
      }
      current = part.file;
      if (body === undefined) throw badRequest(FIELDS_FIRST);
      if (files.length === MAX_ATTACHMENTS) throw badRequest(TOO_MANY_ATTACHMENTS);
      if (allowed <= 0) throw new HttpError(429, DAILY_UPLOADS_SPENT);
      const name = cleanFileName(part.filename);
      const stored = await storeAttachment(
        storage,
        { name, stream: part.file },
        prefix,
        written,
        (pixels) => images.budget.take(images.userId, pixels),
      );
      inMessage += stored.size;
      allowed -= stored.size;
      if (inMessage > MAX_MESSAGE_BYTES) throw new HttpError(413, MESSAGE_FILES_TOO_LARGE);
      files.push(stored);
    }
    if (body === undefined) throw badRequest('The message is missing');
    // The files may have taken minutes: the caller is checked again before the message counts.
    await request.reauthorize();
    return await write(body, files);
  } catch (err) {
    // A file left half read holds busboy (and the request) open: end it, the rest is dropped.
    if (current && !current.readableEnded) current.destroy();
    await Promise.all(
      written.map((key) =>
        storage
          .delete(key)
          .catch((e: unknown) => request.log.error({ err: e, key }, 'upload cleanup failed')),
      ),
    );
    throw err;
  }
}
