import { z } from 'zod';

/** Issue 17: files on a new ticket or a reply, from customers and agents alike. */
export const MAX_ATTACHMENTS = 10;
export const MAX_ATTACHMENT_BYTES = 25 * 1024 * 1024;
/** Larger images are refused from their header, before any pixel is decoded (8,000 x 8,000). */
export const MAX_IMAGE_PIXELS = 64_000_000;

/** All files of one message together (fourth outside attack, issue 35: ten 25 MB files). */
export const MAX_MESSAGE_BYTES = 50 * 1024 * 1024;
/** What one user may attach in 24 hours, so that no account fills the server's disk. */
export const MAX_UPLOAD_BYTES_PER_DAY = 1024 * 1024 * 1024;

export const TOO_MANY_ATTACHMENTS = `Attach at most ${MAX_ATTACHMENTS} files to one message`;
export const MESSAGE_FILES_TOO_LARGE = 'The files of one message may be 50 MB in all';
export const DAILY_UPLOADS_SPENT =
  'You attached 1 GB of files in the last 24 hours. Please try again tomorrow, or send a link to the files.';
export const attachmentTooLarge = (name: string) => `"${name}" is larger than 25 MB`;
export const attachmentEmpty = (name: string) => `"${name}" is empty`;
export const attachmentIsProgram = (name: string) =>
  `"${name}" is a program and cannot be attached`;
export const attachmentMisnamed = (name: string) =>
  `"${name}" is not the kind of file its name says`;
export const imageTooLarge = (name: string) =>
  `"${name}" is too large an image (at most 64 megapixels)`;
export const imageUnreadable = (name: string) => `"${name}" could not be read as an image`;
export const imageBudgetSpent = (seconds: number) =>
  `You sent many large images in the last minute. Please wait ${seconds} seconds and try again.`;

/** Raster images the conversation shows as thumbnails; every other file is a download. */
export const thumbnailTypes = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;

/** One attachment as the conversation lists it; `replyId` null for the ticket's own description. */
export const ticketAttachmentSchema = z.object({
  id: z.string(),
  replyId: z.string().nullable(),
  name: z.string(),
  size: z.number().int().nonnegative(),
  /** The type its bytes showed (`application/octet-stream` when unknown). */
  contentType: z.string(),
  /** True when the server made a thumbnail and a viewing size of it. */
  image: z.boolean(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type TicketAttachment = z.infer<typeof ticketAttachmentSchema>;

/** Which stored file a download serves: the original, or an image's thumbnail or viewing size. */
export const attachmentVariants = ['file', 'thumb', 'view'] as const;
export type AttachmentVariant = (typeof attachmentVariants)[number];
