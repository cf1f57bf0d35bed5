import { companySchema, type CompanySummary } from '../../../shared/schemas/staff-customers.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormDialog } from '../form-dialog.tsx';

/** Create a company (no `company`) or edit one. */
export function CompanyFormDialog({
  company,
  onClose,
  onSaved,
}: {
  company?: CompanySummary;
  onClose: () => void;
  onSaved?: (saved: CompanySummary) => void;
}) {
  return (
    <FormDialog
      title={company ? 'Edit Company' : 'New Company'}
      schema={companySchema}
      defaultValues={{
        name: company?.name ?? '',
        email: company?.email ?? '',
        phone: company?.phone ?? '',
        address: company?.address ?? '',
      }}
      request={(body) =>
        company
          ? sendJson<CompanySummary>('PUT', staffUrl(`customers/${company.id}`), body)
          : sendJson<CompanySummary>('POST', staffUrl('customers'), body)
      }
      success={company ? 'Company Updated' : 'Company Created'}
      failure="Failed to save company. Please try again."
      onSaved={onSaved}
      submitLabel="Save"
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <>
          <FormField label="Company name" required error={errors.name?.message}>
            <Input {...register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" {...register('email')} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message}>
            <Input {...register('phone')} />
          </FormField>
          <FormField label="Address" error={errors.address?.message}>
            <Input {...register('address')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
