// CSV as RFC 4180 writes it, safe to open in a spreadsheet: every text cell that a spreadsheet
// would read as a formula (starting with = + - @, or a tab or carriage return that some strip
// first) is prefixed with an apostrophe (OWASP "CSV injection"). Numbers we write ourselves
// are marked as such and left alone, so "-12.50" stays a number.

/** A cell: text from anyone, or a number we formatted (`{ number: '-12.50' }`). */
export type CsvCell = string | { number: string };

const FORMULA_START = /^[=+\-@\t\r]/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function cellText(cell: CsvCell): string {
  if (typeof cell !== 'string') {
    // Only a plain decimal may skip the guard: a mislabelled text is still guarded.
    if (NUMBER.test(cell.number)) return cell.number;
    cell = cell.number;
  }
  const safe = FORMULA_START.test(cell) ? `'${cell}` : cell;
  return /[",\r\n]/.test(safe) || safe !== safe.trim() ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The rows as CSV text: CRLF after every record, as RFC 4180 asks. */
export const csvText = (rows: readonly (readonly CsvCell[])[]): string =>
  rows.map((row) => row.map(cellText).join(',') + '\r\n').join('');
