import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { FormField } from '../ui/form-field.tsx';
import { Select, type SelectOption } from '../ui/select.tsx';

/** A labelled select bound to a react-hook-form field, its error under it. */
export function FormSelect<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  label,
  options,
  required,
  error,
  placeholder,
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  options: readonly SelectOption[];
  required?: boolean;
  error?: string;
  /** Shown while nothing is chosen, so an empty required select reads as a question. */
  placeholder?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormField label={label} required={required} error={error}>
          <Select
            value={typeof field.value === 'string' ? field.value : undefined}
            onValueChange={field.onChange}
            options={options}
            placeholder={placeholder}
          />
        </FormField>
      )}
    />
  );
}
