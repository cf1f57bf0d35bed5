// The table an invoice's lines and a statement's entries are drawn as: a bold header repeated
// on every page, rows that wrap long text, a light rule under each row.
import { drawUserText, FONT } from './pdf-fonts.ts';
import {
  BODY_SIZE,
  bottomOf,
  GAP,
  MARGIN,
  MUTED,
  rule,
  ROW_PADDING,
  RULE,
  type Doc,
} from './pdf-document.ts';

export interface PdfColumn {
  title: string;
  width: number;
  align: 'left' | 'right';
}

/**
 * Draws `rows` (one cell per column) from `top` and returns the y below the table. The last row
 * moves to a new page unless `lastRowReserve` points fit under it too, so what follows the table
 * never stands alone on a page.
 */
export function drawTable(
  doc: Doc,
  columns: PdfColumn[],
  rows: string[][],
  top: number,
  lastRowReserve = 0,
): number {
  let y = drawHeader(doc, columns, top);
  rows.forEach((row, i) => {
    const height = rowHeight(doc, columns, row);
    const needed = height + (i === rows.length - 1 ? lastRowReserve : 0);
    if (y + needed > bottomOf(doc)) {
      doc.addPage();
      y = drawHeader(doc, columns, MARGIN);
    }
    y = drawRow(doc, columns, row, y, height);
  });
  return y;
}

function drawHeader(doc: Doc, columns: PdfColumn[], top: number): number {
  doc.font(FONT.bold).fontSize(BODY_SIZE).fillColor(MUTED);
  let x = MARGIN;
  for (const c of columns) {
    doc.text(c.title, x, top, { width: c.width, align: c.align, lineBreak: false });
    x += c.width + GAP;
  }
  const y = top + doc.currentLineHeight() + ROW_PADDING;
  rule(doc, y, 'black');
  return y + ROW_PADDING;
}

function rowHeight(doc: Doc, columns: PdfColumn[], row: string[]): number {
  doc.font(FONT.regular).fontSize(BODY_SIZE);
  const heights = columns.map((c, i) => doc.heightOfString(row[i] ?? '', { width: c.width }));
  return Math.max(...heights) + 2 * ROW_PADDING;
}

function drawRow(doc: Doc, columns: PdfColumn[], row: string[], top: number, height: number) {
  doc.font(FONT.regular).fontSize(BODY_SIZE).fillColor('black');
  let x = MARGIN;
  columns.forEach((c, i) => {
    drawUserText(doc, row[i] ?? '', x, top, { width: c.width, align: c.align });
    x += c.width + GAP;
  });
  rule(doc, top + height - ROW_PADDING, RULE);
  return top + height;
}
