import { startDocument } from './pdf-document.ts';

/**
 * Whether pdfkit can draw these PNG bytes. A file whose first bytes say PNG (what file-type
 * reads) may still be corrupt past them, and pdfkit throws on it: checked before such bytes are
 * kept, so a document that draws them later (the signed quote) cannot fail.
 */
export async function pdfCanDrawPng(png: Buffer): Promise<boolean> {
  try {
    const { doc, bytes } = startDocument('probe');
    doc.image(png, 0, 0, { fit: [100, 50] });
    doc.end();
    await bytes;
    return true;
  } catch {
    return false;
  }
}
