// The drawn signature a customer sends with an acceptance (ADR 072). It is decoded and written
// again by sharp (libvips) before it is kept: a corrupt image is refused here, as a promise that
// rejects, instead of later inside pdfkit's PNG decoder, whose zlib callback throws outside any
// try (one such image took the whole server down in the ninth outside attack), and whatever
// rides in the file beside the pixels (text chunks, bytes after the end) is dropped.
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import { badRequest } from '../../lib/errors.ts';
import {
  SIGNATURE_MAX_BYTES,
  SIGNATURE_NOT_PNG,
  SIGNATURE_TOO_LARGE,
} from '../../../shared/schemas/quotes.ts';

/** A signature pad's canvas at three device pixels per point is about 1,800 × 600. */
export const SIGNATURE_MAX_PIXELS = 4_000_000;

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The signature's PNG as it will be kept and drawn; 400 unless it is a whole, modest PNG. */
export async function signaturePng(dataUrl: string): Promise<Buffer> {
  const match = PNG_DATA_URL.exec(dataUrl);
  if (!match?.[1]) throw badRequest(SIGNATURE_NOT_PNG);
  const bytes = Buffer.from(match[1], 'base64');
  if (bytes.length > SIGNATURE_MAX_BYTES) throw badRequest(SIGNATURE_TOO_LARGE);
  if ((await fileTypeFromBuffer(bytes))?.mime !== 'image/png') throw badRequest(SIGNATURE_NOT_PNG);
  // The header first: a few bytes may claim a billion pixels, refused before any is decoded.
  const { width = 0, height = 0 } = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => ({ width: 0, height: 0 }));
  if (width === 0 || height === 0) throw badRequest(SIGNATURE_NOT_PNG);
  if (width * height > SIGNATURE_MAX_PIXELS) throw badRequest(SIGNATURE_TOO_LARGE);
  try {
    return await sharp(bytes, { limitInputPixels: SIGNATURE_MAX_PIXELS, failOn: 'error' })
      .png()
      .toBuffer();
  } catch {
    throw badRequest(SIGNATURE_NOT_PNG);
  }
}
