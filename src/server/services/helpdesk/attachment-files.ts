// An attachment's bytes on their way into storage: streamed, never held whole (issue 17), and
// judged by what they are, not by their name. Images get a thumbnail and a viewing size
// re-encoded by sharp, which drops EXIF (camera, GPS) and reads the header before any pixel.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { HttpError, badRequest } from '../../lib/errors.ts';
import { inspectFile, storedContentType } from '../../lib/safe-file.ts';
import {
  MAX_IMAGE_PIXELS,
  attachmentEmpty,
  attachmentIsProgram,
  attachmentMisnamed,
  attachmentTooLarge,
  imageTooLarge,
  imageUnreadable,
  thumbnailTypes,
} from '../../../shared/schemas/ticket-attachments.ts';
import type { FileStorage } from '../storage.ts';

/** A stored file of a message not yet written; its keys are removed if the message is not. */
export type StoredAttachment = {
  name: string;
  contentType: string;
  size: number;
  storageKey: string;
  thumbKey: string | null;
  viewKey: string | null;
  width: number | null;
  height: number | null;
};

/** What `file-type` calls programs: nobody needs to send one to a help desk. */
const PROGRAM_TYPES = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/vnd.android.package-archive',
  'application/x-shockwave-flash',
]);

/**
 * Names Windows runs or mounts on a double click whatever the bytes are (scripts are text,
 * which no sniffing can call a program): the names mail services refuse as attachments, with
 * the disk images and ClickOnce and shortcut files that carry programs past Windows' warnings.
 */
const PROGRAM_EXTENSIONS = new Set(
  (
    'ade adp apk application appref-ms appx appxbundle bat cab chm cmd com cpl dll exe hta img ' +
    'inf ins iso isp jar jnlp js jse library-ms lnk mde msc msi msix msixbundle msp mst nsh pif ' +
    'ps1 psm1 reg scf scr sct settingcontent-ms shb sys url vb vbe vbs vhd vhdx vxd wsc wsf ' +
    'wsh xll'
  ).split(' '),
);

/** Names that promise a type the browser would show: the bytes must keep the promise. */
const PROMISED_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  pdf: 'application/pdf',
};

const THUMB_PX = 320;
const VIEW_PX = 1600;

const isThumbnailType = (type: string | undefined) =>
  (thumbnailTypes as readonly string[]).includes(type ?? '');

/** A program by its bytes or by its name is refused; a name must not promise another type. */
export function refuseUnsafeFile(name: string, type: string | undefined) {
  const extension = path.extname(name).slice(1).toLowerCase();
  if ((type && PROGRAM_TYPES.has(type)) || PROGRAM_EXTENSIONS.has(extension))
    throw badRequest(attachmentIsProgram(name));
  const promised = PROMISED_TYPES[extension];
  if (promised && promised !== type) throw badRequest(attachmentMisnamed(name));
}

/**
 * An image's size from its header alone; a header beyond the first bytes (a JPEG after large
 * EXIF) is left to sharp's own pixel limit, which also stops before decoding.
 */
async function headerPixels(head: Buffer): Promise<number | undefined> {
  try {
    const { width, height } = await sharp(head, { limitInputPixels: false }).metadata();
    return width && height ? width * height : undefined;
  } catch {
    return undefined;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * The image's thumbnail and viewing size as WebP, turned upright, without metadata. The
 * original is decoded once, for the viewing size; the thumbnail is made from that (review
 * N12: decoding a 64 MP original twice at once doubled the time and the memory).
 */
async function derivedImages(storage: FileStorage, name: string, key: string) {
  // sharp takes a whole input; an image (at most 25 MB) is read back from storage only after
  // its pixel count passed the header check, never during the upload stream.
  const input = await readAll(await storage.get(key));
  const original = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  try {
    const meta = await original.metadata();
    const view = await original
      .rotate()
      .resize(VIEW_PX, VIEW_PX, { fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer();
    const thumb = await sharp(view)
      .resize(THUMB_PX, THUMB_PX, { fit: 'inside', withoutEnlargement: true })
      .webp()
      .toBuffer();
    const upright = (meta.orientation ?? 1) >= 5;
    return {
      thumb,
      view,
      width: (upright ? meta.height : meta.width) ?? null,
      height: (upright ? meta.width : meta.height) ?? null,
    };
  } catch (err) {
    const message = err instanceof Error ? err.message : '';
    throw badRequest(/pixel limit/i.test(message) ? imageTooLarge(name) : imageUnreadable(name));
  }
}

/**
 * Streams one file into storage under `prefix` and returns what to record. Every key it
 * wrote is pushed to `written` as soon as it exists, so the caller can remove them all when
 * the message fails, whichever file or check failed. `takePixels` counts an image against
 * its sender's budget before anything is decoded (it throws to refuse).
 */
export async function storeAttachment(
  storage: FileStorage,
  file: { name: string; stream: Readable & { truncated?: boolean } },
  prefix: string,
  written: string[],
  takePixels: (pixels: number) => void = () => {},
): Promise<StoredAttachment> {
  const { name, stream } = file;
  const inspected = await inspectFile(stream);
  refuseUnsafeFile(name, inspected.type);
  const image = isThumbnailType(inspected.type);
  if (image) {
    const pixels = await headerPixels(inspected.head);
    if ((pixels ?? 0) > MAX_IMAGE_PIXELS) throw badRequest(imageTooLarge(name));
    // A header sharp could not read from the first bytes counts as the largest image.
    takePixels(pixels ?? MAX_IMAGE_PIXELS);
  }
  const storageKey = `${prefix}/${randomUUID()}`;
  written.push(storageKey);
  let size: number;
  try {
    size = await storage.put(storageKey, inspected.data);
  } catch (err) {
    if (stream.truncated) throw new HttpError(413, attachmentTooLarge(name));
    throw err;
  }
  if (stream.truncated) throw new HttpError(413, attachmentTooLarge(name));
  if (size === 0) throw badRequest(attachmentEmpty(name));
  const stored: StoredAttachment = {
    name,
    contentType: storedContentType(inspected),
    size,
    storageKey,
    thumbKey: null,
    viewKey: null,
    width: null,
    height: null,
  };
  if (!image) return stored;
  const derived = await derivedImages(storage, name, storageKey);
  stored.thumbKey = `${storageKey}.thumb`;
  written.push(stored.thumbKey);
  await storage.put(stored.thumbKey, derived.thumb);
  stored.viewKey = `${storageKey}.view`;
  written.push(stored.viewKey);
  await storage.put(stored.viewKey, derived.view);
  return { ...stored, width: derived.width, height: derived.height };
}
