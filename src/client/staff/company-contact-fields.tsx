import {
  Controller,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import { FormField } from '../ui/form-field.tsx';
import { CompanyPicker } from './company-picker.tsx';
import { ContactPicker } from './contact-picker.tsx';

// A company, then one of its users (a ticket's requester, a mail's author), in forms whose
// company field is `customerId`: FieldPath cannot see that key through the generic, so it is
// named once here.
type WithCompany = FieldValues & { customerId: string };
const companyField = <T extends WithCompany>() => 'customerId' as FieldPath<T>;

type Props<T extends WithCompany, TOut extends FieldValues> = {
  form: UseFormReturn<T, unknown, TOut>;
  /** The user field that belongs to the chosen company. */
  contactName: FieldPath<T>;
};

const errorOf = <T extends WithCompany, TOut extends FieldValues>(
  form: UseFormReturn<T, unknown, TOut>,
  name: FieldPath<T>,
) => form.formState.errors[name]?.message as string | undefined;

/** The company picker; choosing another company clears the user chosen for the one before. */
export function CompanyField<T extends WithCompany, TOut extends FieldValues = T>({
  form,
  contactName,
}: Props<T, TOut>) {
  const name = companyField<T>();
  return (
    <Controller
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormField label="Company" required error={errorOf(form, name)}>
          <CompanyPicker
            value={field.value as string}
            onChange={(companyId) => {
              field.onChange(companyId);
              form.setValue(contactName, '' as PathValue<T, FieldPath<T>>);
            }}
            className="sm:w-full"
          />
        </FormField>
      )}
    />
  );
}

/** One of the chosen company's active users; a new company starts the picker again. */
export function ContactField<T extends WithCompany, TOut extends FieldValues = T>({
  form,
  contactName,
  label,
}: Props<T, TOut> & { label: string }) {
  const customerId = form.watch(companyField<T>()) as string;
  return (
    <Controller
      control={form.control}
      name={contactName}
      render={({ field }) => (
        <FormField label={label} required error={errorOf(form, contactName)}>
          <ContactPicker
            key={customerId}
            companyId={customerId}
            disabled={!customerId}
            value={field.value as string}
            onChange={field.onChange}
            className="sm:w-full"
          />
        </FormField>
      )}
    />
  );
}
