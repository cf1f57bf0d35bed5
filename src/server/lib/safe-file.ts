import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { contentDisposition } from './content-disposition.ts';

/** Types a browser shows without running anything: PDF and raster images. Nothing else is ever inline. */
const SHOWABLE_TYPES = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'image/webp',
  'image/gif',
]);

/**
 * The policy of every file answer: a document of its own origin that may load and run
 * nothing, and no page may frame it. A file that is really HTML (or lies about it) runs no script.
 */
export const FILE_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

/**
 * What a file's bytes are, read from their head by `file-type`; undefined when unknown. `head`
 * is the bytes it read (an image's header is there, for checks that must not read the rest).
 */
export type InspectedFile = { data: Readable | Buffer; type: string | undefined; head: Buffer };

/** As many leading bytes as file-type reads to recognise any format it knows. */
const HEAD_BYTES = 4100;

/**
 * Learns a file's type from its first bytes, never from its name or a declared type. A
 * stream comes back wrapped: it still yields every byte, the head first.
 */
export async function inspectFile(data: Readable | Buffer): Promise<InspectedFile> {
  if (Buffer.isBuffer(data)) {
    return {
      data,
      type: (await fileTypeFromBuffer(data))?.mime,
      head: data.subarray(0, HEAD_BYTES),
    };
  }
  const chunks = data[Symbol.asyncIterator]();
  const head: Buffer[] = [];
  let length = 0;
  let ended = false;
  while (length < HEAD_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    const chunk = Buffer.from(next.value as Uint8Array);
    head.push(chunk);
    length += chunk.length;
  }
  const start = Buffer.concat(head);
  const type = (await fileTypeFromBuffer(start))?.mime;
  async function* everyByte() {
    if (start.length > 0) yield start;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      yield next.value as Uint8Array;
    }
  }
  return { data: Readable.from(everyByte(), { objectMode: false }), type, head: start };
}

/** The content type to store for uploaded bytes: what they were recognised as, or unknown bytes. */
export const storedContentType = (file: InspectedFile) => file.type ?? 'application/octet-stream';

/** True when the bytes are really a PDF (preview is for PDF only, spec section 5). */
export const isPdf = (file: InspectedFile) => file.type === 'application/pdf';

/**
 * Sends a file: the one place the rules of file answers live, for every route that serves
 * one (documents, invoice PDFs, and any to come). The type is the one its bytes showed when
 * it is PDF or a raster image, `application/octet-stream` otherwise (HTML, SVG, scripts and
 * anything unknown included); it is shown inline only when asked for and of those types,
 * and saved as an attachment in every other case. Never stored by any cache.
 */
export function sendFile(
  reply: FastifyReply,
  file: InspectedFile,
  opts: { name: string; inline?: boolean },
): FastifyReply {
  const showable = file.type !== undefined && SHOWABLE_TYPES.has(file.type);
  const inline = (opts.inline ?? false) && showable;
  return reply
    .header('content-type', showable ? file.type : 'application/octet-stream')
    .header('content-disposition', contentDisposition(inline ? 'inline' : 'attachment', opts.name))
    .header('content-security-policy', FILE_CSP)
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(file.data);
}
