// The time zone and the dates a schedule runs between (an agreement's, ADR 071; a recurring
// invoice's, ADR 068): one set of fields, so both forms say and check them alike.
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';

/** The browser's zone: what a new schedule starts with. */
export const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/** Today in the browser's zone, as a date input's value. */
export const localToday = () => new Date().toLocaleDateString('en-CA');

type PeriodValues = FieldValues & { timeZone: string; startsOn: string; endsOn?: string | null };

// The forms differ beyond these three fields; their names are the same in each (PeriodValues),
// which a generic form's `Path<T>` cannot see.
const path = <T extends PeriodValues>(name: keyof PeriodValues & string) => name as Path<T>;

function errorOf<T extends PeriodValues>(form: UseFormReturn<T, unknown, unknown>, name: string) {
  return form.getFieldState(path<T>(name), form.formState).error?.message;
}

export function TimeZoneField<T extends PeriodValues>({
  form,
  placeholder,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  placeholder: string;
}) {
  return (
    <FormField label="Time zone" required error={errorOf(form, 'timeZone')}>
      <Input placeholder={placeholder} {...form.register(path<T>('timeZone'))} />
    </FormField>
  );
}

/** "Starts on" (required) and "Ends on" (empty: open-ended). */
export function DateRangeFields<T extends PeriodValues>({
  form,
}: {
  form: UseFormReturn<T, unknown, unknown>;
}) {
  return (
    <>
      <FormField label="Starts on" required error={errorOf(form, 'startsOn')}>
        <Input type="date" {...form.register(path<T>('startsOn'))} />
      </FormField>
      <FormField label="Ends on" error={errorOf(form, 'endsOn')}>
        <Input type="date" {...form.register(path<T>('endsOn'))} />
      </FormField>
    </>
  );
}
