import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

type Item = { str: string; transform: number[]; width: number };

/** What comes between two pieces: nothing or a space within one run of text, else a new line. */
function between(last: Item, next: Item): string {
  const size = next.transform[0]!;
  const sameLine = Math.abs(next.transform[5]! - last.transform[5]!) < 0.5;
  const gap = next.transform[4]! - (last.transform[4]! + last.width);
  if (!sameLine || gap < -0.5) return '\n';
  if (gap < 0.5) return '';
  // A word space (Noto Sans's is 0.26 em); table cells stand at least 6 pt (0.6 em) apart.
  return gap < 0.35 * size ? ' ' : '\n';
}

/**
 * The text drawn on the pages of a PDF, read by PDF.js through each font's ToUnicode map (the
 * embedded Noto faces write glyph ids, not characters): each separately drawn text (a line, a
 * table cell) on a line of its own; the runs of one text set in two faces (a name with Chinese
 * characters) joined again. PDF.js's own spaces between distant pieces are dropped.
 */
export async function pdfText(pdf: Buffer): Promise<string> {
  const task = getDocument({ data: new Uint8Array(pdf), useSystemFonts: false });
  const doc = await task.promise;
  let text = '';
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const items = ((await page.getTextContent()).items as Item[]).filter((i) => i.str.trim());
    items.forEach((item, i) => {
      text += (i > 0 ? between(items[i - 1]!, item) : '') + item.str;
    });
    text += '\n';
  }
  await task.destroy();
  return text;
}
