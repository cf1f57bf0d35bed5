import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { companySchema, type CompanySummary } from '../../../shared/schemas/staff-customers.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, staffUrl, useStaffMutation } from '../api.ts';

type Values = z.input<typeof companySchema>;

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
  const form = useForm<Values, unknown, z.output<typeof companySchema>>({
    resolver: zodResolver(companySchema),
    defaultValues: {
      name: company?.name ?? '',
      email: company?.email ?? '',
      phone: company?.phone ?? '',
      address: company?.address ?? '',
    },
  });
  const save = useStaffMutation<z.output<typeof companySchema>, CompanySummary>({
    request: (body) =>
      company
        ? sendJson('PUT', staffUrl(`customers/${company.id}`), body)
        : sendJson('POST', staffUrl('customers'), body),
    success: company ? 'Company Updated' : 'Company Created',
    failure: 'Failed to save company. Please try again.',
    onSuccess: (saved) => {
      onSaved?.(saved);
      onClose();
    },
  });
  const errors = form.formState.errors;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent title={company ? 'Edit Company' : 'New Company'}>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <FormField label="Company name" required error={errors.name?.message}>
            <Input {...form.register('name')} />
          </FormField>
          <FormField label="Email" error={errors.email?.message}>
            <Input type="email" {...form.register('email')} />
          </FormField>
          <FormField label="Phone" error={errors.phone?.message}>
            <Input {...form.register('phone')} />
          </FormField>
          <FormField label="Address" error={errors.address?.message}>
            <Input {...form.register('address')} />
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
