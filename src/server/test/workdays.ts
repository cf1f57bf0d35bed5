import { dayNumberOf, localDateOf, type BusinessHours } from '../../shared/business-hours.ts';
import { company } from '../../shared/company.ts';

const DAY = 86_400_000;
const hours: BusinessHours = company.businessHours;

/** A day number as 'YYYY-MM-DD'. */
export const dateOf = (day: number) => new Date(day * DAY).toISOString().slice(0, 10);
/** Whether a local day number is one of the company's working weekdays. */
export const isWorkday = (day: number) => hours.days.includes(new Date(day * DAY).getUTCDay());
/** Today in the company's zone, as a day number. */
export const todayNumber = () => dayNumberOf(localDateOf(new Date(), hours));

/** The next `count` working weekdays after today (in the company's zone), as dates. */
export function nextWorkdays(count: number): string[] {
  const found: string[] = [];
  for (let day = todayNumber() + 1; found.length < count; day++) {
    if (isWorkday(day)) found.push(dateOf(day));
  }
  return found;
}
