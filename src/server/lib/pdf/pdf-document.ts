// The pieces every billing document shares (the invoice, the statement): a Letter page with
// our letterhead and the document's facts, the bill-to block, rules, and a footer on every page
// naming the document, so a loose page is placed again.
import { drawUserText, FONT, registerFonts } from './pdf-fonts.ts';
import PDFDocument from 'pdfkit';

export type Doc = PDFKit.PDFDocument;

export const MARGIN = 50;
export const PAGE_WIDTH = 612;
export const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
/** Room kept below the content for the page footer. */
const FOOTER_ROOM = 30;
export const BODY_SIZE = 9;
export const ROW_PADDING = 4;
export const GAP = 6;
export const MUTED = '#555555';
export const RULE = '#bbbbbb';

export const bottomOf = (doc: Doc) => doc.page.height - MARGIN - FOOTER_ROOM;

/** What the top of the first page says. */
export interface DocumentHeading {
  /** INVOICE, STATEMENT. */
  title: string;
  letterhead: { name: string; lines: string[] };
  billTo: string[];
  facts: [label: string, value: string][];
}

/** A buffered document and the bytes it will have once `doc.end()` is called. */
export function startDocument(title: string): { doc: Doc; bytes: Promise<Buffer> } {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title },
  });
  registerFonts(doc);
  const bytes = new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** Letterhead on the left, the title and facts on the right, then the bill-to block. */
export function drawHeading(doc: Doc, content: DocumentHeading): number {
  doc.fillColor('black').font(FONT.bold).fontSize(16);
  doc.text(content.letterhead.name, MARGIN, MARGIN, { width: 300 });
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor(MUTED);
  for (const line of content.letterhead.lines) doc.text(line, { width: 300 });
  const leftBottom = doc.y;

  const factsX = MARGIN + CONTENT_WIDTH - 200;
  doc.fillColor('black').font(FONT.bold).fontSize(20);
  doc.text(content.title, factsX, MARGIN, { width: 200, align: 'right' });
  doc.fontSize(BODY_SIZE);
  let factsY = doc.y + 4;
  for (const [label, value] of content.facts) {
    doc.font(FONT.regular).fillColor(MUTED).text(label, factsX, factsY, { width: 90 });
    doc.font(FONT.bold).fillColor('black');
    doc.text(value, factsX + 90, factsY, { width: 110, align: 'right' });
    factsY = doc.y + 2;
  }

  let y = Math.max(leftBottom, factsY) + 20;
  doc.font(FONT.bold).fontSize(BODY_SIZE).fillColor(MUTED).text('BILL TO', MARGIN, y);
  doc.font(FONT.regular).fontSize(10).fillColor('black');
  for (const line of content.billTo) drawUserText(doc, line, undefined, undefined, { width: 300 });
  y = doc.y + 20;
  return y;
}

/** "`label` · Page 1 of 2" at the foot of every page. */
export function drawFooters(doc: Doc, label: string): void {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    // Below the bottom margin pdfkit would start a new page: lift the margin while writing.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font(FONT.regular).fontSize(8).fillColor(MUTED);
    doc.text(`${label} · Page ${i + 1} of ${count}`, MARGIN, doc.page.height - MARGIN, {
      width: CONTENT_WIDTH,
      align: 'center',
      lineBreak: false,
    });
    doc.page.margins.bottom = bottom;
  }
}

export function rule(doc: Doc, y: number, color: string, from = MARGIN): void {
  doc
    .moveTo(from, y)
    .lineTo(MARGIN + CONTENT_WIDTH, y)
    .lineWidth(0.5)
    .strokeColor(color)
    .stroke();
}
