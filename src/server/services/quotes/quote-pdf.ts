// The quote as a PDF (ADR 072), drawn with the invoice's pieces (letterhead, bill-to, the lines
// table, footers) so a quote and the invoice it becomes look alike. The bytes drawn when the
// quote is sent are stored and served as they are: they are the document the customer signs.
// A signed copy is the same drawing plus a certificate page with the acceptance's evidence.
import { drawUserText, FONT } from '../../lib/pdf/pdf-fonts.ts';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { company, companyAddressLine } from '../../../shared/company.ts';
import { formatDate } from '../../../shared/format.ts';
import { formatMoney, formatQuantity, formatRate } from '../../../shared/money-format.ts';
import { agreementTermsLines } from '../../../shared/agreement-terms.ts';
import { billToLines } from '../bill-to.ts';
import {
  BODY_SIZE,
  bottomOf,
  CONTENT_WIDTH,
  drawFooters,
  drawHeading,
  GAP,
  MARGIN,
  MUTED,
  rule,
  RULE,
  startDocument,
  type Doc,
} from '../../lib/pdf/pdf-document.ts';
import { drawTable, type PdfColumn } from '../../lib/pdf/pdf-table.ts';
import { linesOf, quoteTotals, type QuoteRow, type SignatureRow } from './quote-document.ts';

const COLUMNS: PdfColumn[] = [
  { title: 'Description', width: 204, align: 'left' },
  { title: 'Qty', width: 44, align: 'right' },
  { title: 'Unit price', width: 96, align: 'right' },
  { title: 'Tax', width: 40, align: 'right' },
  { title: 'Amount', width: 104, align: 'right' },
];
const VALUE_WIDTH = 104;
const LABEL_WIDTH = 240;
const VALUE_X = MARGIN + CONTENT_WIDTH - VALUE_WIDTH;
const LABEL_X = VALUE_X - GAP - LABEL_WIDTH;

interface Total {
  label: string;
  value: string;
  strong?: boolean;
}

/** Draws the quote; with `signature`, a certificate page follows. */
export async function renderQuotePdf(
  db: Db | Tx,
  row: QuoteRow,
  signature: (SignatureRow & { signerEmail: string | null }) | null = null,
): Promise<Buffer> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, row.customerId));
  if (!customer) throw new Error('quote without a company');
  const [lines, billTo] = await Promise.all([linesOf(db, row.id), billToLines(db, customer)]);
  const totals = quoteTotals(row, lines);
  const money = (minor: number) => formatMoney(minor, row.currency);

  const { doc, bytes } = startDocument(`Quote ${row.number}`);
  let y = drawHeading(doc, {
    title: 'QUOTE',
    letterhead: {
      name: company.name,
      lines: [companyAddressLine, `${company.phone} · ${company.salesEmail}`],
    },
    billTo,
    facts: [
      ['Quote #', row.number],
      ['Version', String(Math.max(row.version, 1))],
      ['Valid until', formatDate(row.validUntil)],
    ],
  });
  doc.fontSize(12).fillColor('black');
  drawUserText(doc, row.title, MARGIN, y, { width: CONTENT_WIDTH }, FONT.bold);
  y = doc.y + 10;

  const rows = lines.map((l, i) => [
    l.description,
    formatQuantity(l.quantityMilli),
    money(l.unitPriceMinor),
    formatRate(l.taxRateBp),
    money(totals.lines[i] ?? 0),
  ]);
  const totalRows: Total[] = [{ label: 'Subtotal', value: money(totals.subtotal) }];
  if (totals.discount > 0)
    totalRows.push({
      label: `Discount ${formatRate(row.discountBp)}`,
      value: money(-totals.discount),
    });
  for (const g of totals.taxes)
    totalRows.push({
      label: `Tax ${formatRate(g.taxRate)} on ${money(g.net - g.discount)}`,
      value: money(g.tax),
    });
  totalRows.push({ label: 'Total', value: money(totals.total), strong: true });

  y = drawTable(doc, COLUMNS, rows, y, 16 * totalRows.length + 20);
  y = drawTotals(doc, totalRows, y);
  drawTerms(doc, row, y + 16);
  if (signature) drawCertificate(doc, row, signature);
  drawFooters(doc, `Quote ${row.number}`);
  doc.end();
  return bytes;
}

function drawTotals(doc: Doc, totals: Total[], top: number): number {
  let y = top + 10;
  for (const t of totals) {
    doc.font(t.strong ? FONT.bold : FONT.regular).fontSize(t.strong ? 11 : BODY_SIZE);
    const height = doc.heightOfString(t.label, { width: LABEL_WIDTH }) + 4;
    if (t.strong) rule(doc, y - 2, RULE, LABEL_X);
    doc.fillColor('black').text(t.label, LABEL_X, y, { width: LABEL_WIDTH, align: 'right' });
    doc.text(t.value, VALUE_X, y, { width: VALUE_WIDTH, align: 'right' });
    y += height;
  }
  return y;
}

function drawTerms(doc: Doc, row: QuoteRow, top: number): void {
  const what = [
    row.projectName ? `starts the project "${row.projectName}"` : null,
    row.agreementPlan ? `starts the agreement "${row.agreementPlan.name}" set out below` : null,
    row.createInvoice ? 'drafts an invoice of the lines above' : null,
  ].filter(Boolean);
  let y = top;
  if (y + 60 > bottomOf(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font(FONT.bold).fontSize(10).fillColor('black').text('Terms', MARGIN, y);
  doc.fontSize(BODY_SIZE);
  drawUserText(doc, row.terms || 'No further terms.', undefined, undefined, {
    width: CONTENT_WIDTH,
  });
  doc.moveDown(0.5).fillColor(MUTED);
  doc.text(
    `This quote is valid until ${formatDate(row.validUntil)}.` +
      (what.length ? ` Accepting it ${what.join(' and ')}.` : ''),
    { width: CONTENT_WIDTH },
  );
  if (row.agreementPlan) drawAgreement(doc, agreementTermsLines(row.agreementPlan, row.currency));
}

/** The agreement acceptance starts (ADR 073): its terms are part of the document signed. */
function drawAgreement(doc: Doc, lines: string[]): void {
  doc.moveDown(1);
  if (doc.y + 60 > bottomOf(doc)) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black');
  doc.text('Agreement on acceptance', MARGIN, doc.y, { width: CONTENT_WIDTH });
  doc.font('Helvetica').fontSize(BODY_SIZE);
  for (const line of lines) doc.text(line, { width: CONTENT_WIDTH });
}

function drawCertificate(
  doc: Doc,
  row: QuoteRow,
  s: SignatureRow & { signerEmail: string | null },
): void {
  doc.addPage();
  doc.font(FONT.bold).fontSize(16).fillColor('black');
  doc.text('Certificate of acceptance', MARGIN, MARGIN, { width: CONTENT_WIDTH });
  doc.moveDown(0.5).font(FONT.regular).fontSize(BODY_SIZE).fillColor(MUTED);
  doc.text(
    `Quote ${row.number}, version ${row.version}, was accepted online in the ${company.name} customer portal. ` +
      'The document accepted is the PDF whose SHA-256 is given below; the pages before this one are that document, drawn again from the same quote.',
    { width: CONTENT_WIDTH },
  );
  doc.moveDown(1);
  const facts: [string, string][] = [
    ['Signed by (typed name)', s.typedName],
    ['Portal account', s.signerEmail ?? 'deleted user'],
    ['User id', s.userId ?? '—'],
    ['Signed at (UTC)', s.signedAt.toISOString()],
    ['IP address', s.ip],
    ['User agent', s.userAgent],
    ['Document SHA-256', s.documentSha256],
    ['Signature', s.signaturePng ? 'drawn on the screen' : 'the typed name, adopted as signature'],
  ];
  for (const [label, value] of facts) {
    const y = doc.y;
    doc
      .font(FONT.regular)
      .fontSize(BODY_SIZE)
      .fillColor(MUTED)
      .text(label, MARGIN, y, { width: 140 });
    doc.fillColor('black');
    drawUserText(doc, value, MARGIN + 150, y, { width: CONTENT_WIDTH - 150 });
    doc.moveDown(0.4);
  }
  doc.moveDown(1);
  const top = doc.y;
  rule(doc, top, RULE);
  if (s.signaturePng) {
    doc.image(s.signaturePng, MARGIN, top + 8, { fit: [240, 90] });
  } else {
    doc.fontSize(28).fillColor('black');
    drawUserText(doc, s.typedName, MARGIN, top + 30, { width: CONTENT_WIDTH }, FONT.italic);
  }
}
