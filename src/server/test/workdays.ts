import {
  dateOfDay,
  dayNumberOf,
  isWorkingWeekday,
  localDateOf,
  type BusinessHours,
} from '../../shared/business-hours.ts';
import { company } from '../../shared/company.ts';

const hours: BusinessHours = company.businessHours;

/** Whether a local day number is one of the company's working weekdays. */
export const isWorkday = (day: number) => isWorkingWeekday(day, hours);
/** Today in the company's zone, as a day number. */
export const todayNumber = () => dayNumberOf(localDateOf(new Date(), hours));

/** The next `count` working weekdays after today (in the company's zone), as dates. */
export function nextWorkdays(count: number): string[] {
  const found: string[] = [];
  for (let day = todayNumber() + 1; found.length < count; day++) {
    if (isWorkday(day)) found.push(dateOfDay(day));
  }
  return found;
}
