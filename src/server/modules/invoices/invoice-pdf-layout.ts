// Draws an invoice's content (invoice-pdf-content.ts) with pdfkit on Letter pages: letterhead
// and invoice facts, bill-to, the lines as a table that wraps long descriptions and repeats its
// header on every page, then the totals, terms and payment link kept together on one page.
import { drawUserText, FONT } from '../../lib/pdf/pdf-fonts.ts';
import type { InvoicePdfContent, PdfTableRow, PdfTotalRow } from './invoice-pdf-content.ts';
import { drawTable, type PdfColumn } from '../../lib/pdf/pdf-table.ts';
import {
  BODY_SIZE,
  CONTENT_WIDTH,
  drawFooters,
  drawHeading,
  GAP,
  MARGIN,
  rule,
  RULE,
  startDocument,
  type Doc,
} from '../../lib/pdf/pdf-document.ts';

// Widths add up to CONTENT_WIDTH with a GAP between columns; money columns are wide enough for
// "USD 9,999,999,999.99", the largest total (ADR 066), so amounts never wrap.
const COLUMNS: (PdfColumn & { key: keyof PdfTableRow })[] = [
  { key: 'description', title: 'Description', width: 204, align: 'left' },
  { key: 'quantity', title: 'Qty', width: 44, align: 'right' },
  { key: 'unitPrice', title: 'Unit price', width: 96, align: 'right' },
  { key: 'taxRate', title: 'Tax', width: 40, align: 'right' },
  { key: 'amount', title: 'Amount', width: 104, align: 'right' },
];

const VALUE_WIDTH = 104;
// Wide enough for a payment's label ("Payment received …, BACS 1234") on one line in Noto Sans.
const LABEL_WIDTH = 300;
const VALUE_X = MARGIN + CONTENT_WIDTH - VALUE_WIDTH;
const LABEL_X = VALUE_X - GAP - LABEL_WIDTH;

export function drawInvoicePdf(content: InvoicePdfContent): Promise<Buffer> {
  const { doc, bytes } = startDocument(`Invoice ${content.number}`);
  let y = drawHeading(doc, { ...content, title: 'INVOICE' });
  const rows = content.rows.map((row) => COLUMNS.map((c) => row[c.key]));
  // The last line needs room for the totals too, so they never stand alone on a page.
  y = drawTable(doc, COLUMNS, rows, y, closingHeight(doc, content));
  drawClosing(doc, content, y);
  drawFooters(doc, `Invoice ${content.number}`);
  doc.end();
  return bytes;
}

const totalFont = (doc: Doc, t: PdfTotalRow) =>
  doc.font(t.strong ? FONT.bold : FONT.regular).fontSize(t.strong ? 11 : BODY_SIZE);

function totalRowHeight(doc: Doc, t: PdfTotalRow): number {
  totalFont(doc, t);
  return doc.heightOfString(t.label, { width: LABEL_WIDTH }) + 4;
}

const termsText = (content: InvoicePdfContent) => `Payment terms: ${content.terms}`;

/** The height of everything after the table, measured before drawing so it fits one page. */
function closingHeight(doc: Doc, content: InvoicePdfContent): number {
  let h = 10 + content.totals.reduce((sum, t) => sum + totalRowHeight(doc, t), 0) + 16;
  doc.font(FONT.regular).fontSize(10);
  h += doc.heightOfString(termsText(content), { width: CONTENT_WIDTH });
  if (content.paymentUrl)
    h += 4 + doc.heightOfString(`Pay online: ${content.paymentUrl}`, { width: CONTENT_WIDTH });
  return h;
}

function drawClosing(doc: Doc, content: InvoicePdfContent, top: number): void {
  let y = top + 10;
  for (const t of content.totals) {
    const height = totalRowHeight(doc, t);
    if (t.strong) rule(doc, y - 2, RULE, LABEL_X);
    totalFont(doc, t).fillColor('black');
    doc.text(t.label, LABEL_X, y, { width: LABEL_WIDTH, align: 'right' });
    doc.text(t.value, VALUE_X, y, { width: VALUE_WIDTH, align: 'right' });
    y += height;
  }
  y += 16;
  doc.font(FONT.bold).fontSize(10).fillColor('black');
  drawUserText(doc, termsText(content), MARGIN, y, { width: CONTENT_WIDTH }, FONT.bold);
  if (content.paymentUrl) {
    doc.moveDown(0.3).font(FONT.regular).text('Pay online: ', { continued: true });
    doc
      .fillColor('#1a56db')
      .text(content.paymentUrl, { link: content.paymentUrl, underline: true });
  }
}
