// A company's statement as the portal and the workspace answer it (issue 39 item 5, ADR 069):
// JSON, PDF or CSV of one period, reckoned once by services/invoice-statements.ts. Beside the
// modules because both the customer's invoices routes and the staff routes serve it.
import type { FastifyReply } from 'fastify';
import { ageingBuckets } from '../../shared/ageing.ts';
import { decimalText } from '../../shared/money-format.ts';
import { officeToday, periodDates } from '../../shared/statement-periods.ts';
import {
  statementEntryLabels,
  type Statement,
  type StatementQuery,
} from '../../shared/schemas/statements.ts';
import type { Db } from '../db/client.ts';
import { csvText, type CsvCell } from '../lib/csv.ts';
import { inspectFile, sendFile } from '../lib/safe-file.ts';
import { companyStatement } from '../services/invoice-statements.ts';
import { renderStatementPdf } from './invoices/statement-pdf.ts';

/** The period asked for, or this month so far in the office's zone. */
const periodOf = (query: StatementQuery) =>
  query.from && query.to
    ? { from: query.from, to: query.to }
    : periodDates('this-month', officeToday());

export const readStatement = (db: Db, customerId: string, query: StatementQuery) =>
  companyStatement(db, customerId, periodOf(query));

const fileName = (s: Statement, ext: string) => `Statement ${s.from} to ${s.to}.${ext}`;

export async function sendStatementPdf(
  db: Db,
  reply: FastifyReply,
  customerId: string,
  query: StatementQuery,
) {
  const statement = await readStatement(db, customerId, query);
  const pdf = await renderStatementPdf(db, customerId, statement);
  return sendFile(reply, await inspectFile(pdf), {
    name: fileName(statement, 'pdf'),
    inline: true,
  });
}

export async function sendStatementCsv(
  db: Db,
  reply: FastifyReply,
  customerId: string,
  query: StatementQuery,
) {
  const statement = await readStatement(db, customerId, query);
  // A byte-order mark, so a spreadsheet reads the UTF-8 names and reasons as UTF-8.
  const csv = Buffer.from(`\uFEFF${statementCsv(statement)}`, 'utf8');
  return sendFile(reply, await inspectFile(csv), { name: fileName(statement, 'csv') });
}

/**
 * One table: the opening balance, each entry with the balance after it, the closing balance,
 * then the closing balance's ageing, one bucket a row. Amounts are plain decimals of the
 * currency named in the header; every text cell is formula-safe (lib/csv.ts).
 */
export function statementCsv(s: Statement): string {
  const n = (minor: number): CsvCell => ({ number: decimalText(minor, s.currency) });
  const rows: CsvCell[][] = [
    ['Date', 'Type', 'Invoice', 'Description', `Amount (${s.currency})`, `Balance (${s.currency})`],
    [s.from, 'Opening balance', '', s.companyName, '', n(s.openingMinor)],
    ...s.entries.map((e) => [
      e.date,
      statementEntryLabels[e.kind],
      e.invoiceNumber,
      e.description,
      n(e.amountMinor),
      n(e.balanceMinor),
    ]),
    [s.to, 'Closing balance', '', s.companyName, '', n(s.closingMinor)],
    ...ageingBuckets.map((b) => [s.to, 'Ageing', '', b.label, n(s.ageing[b.key]), '']),
  ];
  return csvText(rows);
}
