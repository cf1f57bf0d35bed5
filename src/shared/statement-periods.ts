// The statement's periods (issue 39 item 5, ADR 069): calendar days in the office's time zone,
// the zone staff date invoices in, so "this month" is the same month for the customer and staff.
import { company } from './company.ts';
import { localDateOf } from './business-hours.ts';

export const statementPeriods = ['this-month', 'last-month', 'this-year', 'custom'] as const;
export type StatementPeriod = (typeof statementPeriods)[number];

export const statementPeriodLabels: Record<StatementPeriod, string> = {
  'this-month': 'This month',
  'last-month': 'Last month',
  'this-year': 'This year',
  custom: 'Custom',
};

/** Today as `YYYY-MM-DD` in the office's zone: the day ageing is reckoned at. */
export const officeToday = (now: Date = new Date()): string =>
  localDateOf(now, company.businessHours);

const pad = (n: number) => String(n).padStart(2, '0');
/** The last day of a month (`month` 1-12). */
const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The days a preset covers, up to `today` at most: a statement is of what has happened. */
export function periodDates(
  period: Exclude<StatementPeriod, 'custom'>,
  today: string,
): { from: string; to: string } {
  const year = Number(today.slice(0, 4));
  const month = Number(today.slice(5, 7));
  if (period === 'this-year') return { from: `${year}-01-01`, to: today };
  if (period === 'this-month') return { from: `${year}-${pad(month)}-01`, to: today };
  const [y, m] = month === 1 ? [year - 1, 12] : [year, month - 1];
  return { from: `${y}-${pad(m)}-01`, to: `${y}-${pad(m)}-${pad(lastDay(y, m))}` };
}
