import type { UseFormRegisterReturn } from 'react-hook-form';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';

/** Today as the date box's value: what a new time entry starts with. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A new entry's day and hours. Hours as NaN, what an empty number box reads as: a reset then
 * empties the box too (left out, the box kept the last hours while the form held none).
 */
export const blankWorkHours = () => ({ workDate: today(), hours: Number.NaN });

type Message = { message?: string } | undefined;

/** The day worked and its hours, as the company's time card and a ticket's Log Time ask them. */
export function WorkDateHoursFields({
  dateLabel,
  date,
  hours,
  errors,
}: {
  dateLabel: string;
  date: UseFormRegisterReturn;
  /** Registered with `valueAsNumber`. */
  hours: UseFormRegisterReturn;
  errors: { workDate?: Message; hours?: Message };
}) {
  return (
    <>
      <FormField label={dateLabel} required error={errors.workDate?.message}>
        <Input type="date" {...date} />
      </FormField>
      <FormField label="Hours" required error={errors.hours?.message}>
        <Input type="number" step="0.25" min="0" {...hours} />
      </FormField>
    </>
  );
}
