// Minor units as decimals, in SQL: the exponents of src/shared/currency.ts written once for
// the database (the derived invoice columns and the lists' JSON both use this).
import { sql, type SQL } from 'drizzle-orm';
import { THREE_DECIMAL, ZERO_DECIMAL } from '../../shared/currency.ts';

const codes = (list: readonly string[]) => list.map((c) => `'${c}'`).join(', ');

/**
 * `minor` (an SQL expression over columns, as text) as a decimal of the currency in column
 * `currency`: raw text, so a generated column's expression stays as drizzle-kit wrote it.
 */
export const minorAsDecimal = (minor: string, currency = 'currency'): SQL =>
  sql.raw(
    `case when ${currency} in (${codes(ZERO_DECIMAL)}) then (${minor})::numeric` +
      ` when ${currency} in (${codes(THREE_DECIMAL)}) then round((${minor})::numeric / 1000, 3)` +
      ` else round((${minor})::numeric / 100, 2) end`,
  );
