// A company's statement as a PDF (issue 39 item 5, ADR 069): the invoice's letterhead and
// bill-to (pdf-document.ts), the period's sums, every entry with the balance after it (a table
// that repeats its header on each page) and the ageing of the closing balance.
import { FONT } from '../../lib/pdf/pdf-fonts.ts';
import { eq } from 'drizzle-orm';
import { ageingBuckets } from '../../../shared/ageing.ts';
import { company, companyAddressLine } from '../../../shared/company.ts';
import { formatDate } from '../../../shared/format.ts';
import { formatMoney } from '../../../shared/money-format.ts';
import type { Statement } from '../../../shared/schemas/statements.ts';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema.ts';
import { billToLines } from '../../services/bill-to.ts';
import { drawTable, type PdfColumn } from '../../lib/pdf/pdf-table.ts';
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

type Row = [date: string, invoice: string, description: string, amount: string, balance: string];

// Widths add up to CONTENT_WIDTH with a GAP between the five columns.
const COLUMNS: PdfColumn[] = [
  { title: 'Date', width: 64, align: 'left' },
  { title: 'Invoice #', width: 88, align: 'left' },
  { title: 'Description', width: 144, align: 'left' },
  { title: 'Amount', width: 96, align: 'right' },
  { title: 'Balance', width: 96, align: 'right' },
];

export async function renderStatementPdf(
  db: Db,
  customerId: string,
  statement: Statement,
): Promise<Buffer> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, customerId));
  const billTo = customer ? await billToLines(db, customer) : [statement.companyName];
  const money = (minor: number) => formatMoney(minor, statement.currency);
  const label = `Statement ${statement.companyName} ${statement.from} to ${statement.to}`;
  const { doc, bytes } = startDocument(label);

  let y = drawHeading(doc, {
    title: 'STATEMENT',
    letterhead: {
      name: company.name,
      lines: [companyAddressLine, `${company.phone} · ${company.salesEmail}`],
    },
    billTo,
    facts: [
      ['From', formatDate(statement.from)],
      ['To', formatDate(statement.to)],
      ['Currency', statement.currency],
      ['Balance due', money(statement.closingMinor)],
    ],
  });

  y = drawSums(doc, y, [
    ['Opening balance', money(statement.openingMinor)],
    ['Invoices', money(statement.invoicedMinor)],
    ['Credit notes', money(-statement.creditedMinor)],
    ['Payments', money(-statement.paidMinor)],
    ['Closing balance', money(statement.closingMinor)],
  ]);

  const rows: Row[] = [
    [formatDate(statement.from), '', 'Opening balance', '', money(statement.openingMinor)],
    ...statement.entries.map((e): Row => [
      formatDate(e.date),
      e.invoiceNumber,
      e.description,
      money(e.amountMinor),
      money(e.balanceMinor),
    ]),
  ];
  if (statement.entries.length === 0)
    rows.push(['', '', 'No invoices, credit notes or payments in this period', '', '']);
  y = drawTable(doc, COLUMNS, rows, y);

  drawAgeing(doc, y + 20, statement, money);
  drawFooters(doc, label);
  doc.end();
  return bytes;
}

/** The period's sums, right-aligned like an invoice's totals; the closing balance stands out. */
function drawSums(doc: Doc, top: number, sums: [string, string][]): number {
  const valueWidth = 120;
  const labelX = MARGIN + CONTENT_WIDTH - valueWidth - GAP - 200;
  let y = top;
  sums.forEach(([label, value], i) => {
    const last = i === sums.length - 1;
    if (last) rule(doc, y - 2, RULE, labelX);
    doc.font(last ? FONT.bold : FONT.regular).fontSize(last ? 11 : BODY_SIZE);
    doc.fillColor('black').text(label, labelX, y, { width: 200, align: 'right' });
    doc.text(value, labelX + 200 + GAP, y, { width: valueWidth, align: 'right' });
    y = doc.y + 3;
  });
  return y + 16;
}

/** The closing balance by days past due at the period's end, one column per bucket. */
function drawAgeing(doc: Doc, top: number, statement: Statement, money: (n: number) => string) {
  const columns = [
    ...ageingBuckets.map((b) => [b.label, money(statement.ageing[b.key])]),
    ['Total', money(statement.closingMinor)],
  ];
  const width = (CONTENT_WIDTH - GAP * (columns.length - 1)) / columns.length;
  let y = top;
  if (y + 60 > bottomOf(doc)) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font(FONT.bold).fontSize(10).fillColor('black');
  doc.text(`Ageing at ${formatDate(statement.to)} (days past due)`, MARGIN, y);
  y = doc.y + 6;
  columns.forEach(([title, value], i) => {
    const x = MARGIN + i * (width + GAP);
    doc.font(FONT.bold).fontSize(BODY_SIZE).fillColor(MUTED);
    doc.text(title ?? '', x, y, { width, align: 'right' });
    doc.font(i === columns.length - 1 ? FONT.bold : FONT.regular).fillColor('black');
    doc.text(value ?? '', x, y + 14, { width, align: 'right' });
  });
  rule(doc, y + 11, 'black');
}
