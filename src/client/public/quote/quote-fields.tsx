import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';

export type QuoteField = 'name' | 'email' | 'company' | 'phone' | 'details';
/** A field as the modal controls it (value, onChange) or as the plain form holds it (defaultValue). */
type Control = {
  name: QuoteField;
  value?: string;
  defaultValue?: string;
  onChange?: (e: { target: { value: string } }) => void;
  disabled?: boolean;
};

/** Spec section 2: Name*, Email*, Company, Phone, Service* (read-only), Project Details*. */
export function QuoteFields({
  service,
  errors,
  control,
}: {
  service: string;
  errors: Partial<Record<QuoteField | 'service', string>>;
  control: (name: QuoteField) => Control;
}) {
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Name" required error={errors.name}>
          <Input autoComplete="name" {...control('name')} />
        </FormField>
        <FormField label="Email" required error={errors.email}>
          <Input type="email" autoComplete="email" {...control('email')} />
        </FormField>
        <FormField label="Company" error={errors.company}>
          <Input autoComplete="organization" {...control('company')} />
        </FormField>
        <FormField label="Phone" error={errors.phone}>
          <Input type="tel" autoComplete="tel" {...control('phone')} />
        </FormField>
      </div>
      <FormField label="Service" required error={errors.service}>
        <Input name="service" value={service} readOnly className="bg-slate-50" />
      </FormField>
      <FormField label="Project Details" required error={errors.details}>
        <Textarea
          rows={4}
          placeholder="Scope, number of users or sites, timeline..."
          {...control('details')}
        />
      </FormField>
    </>
  );
}
