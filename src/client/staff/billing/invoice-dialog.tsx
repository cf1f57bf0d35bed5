import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  invoiceInputSchema,
  invoiceStatuses,
  type StaffInvoice,
} from '../../../shared/schemas/staff-billing.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog, DialogContent } from '../../ui/dialog.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson, staffUrl, useStaffMutation } from '../api.ts';
import { FormSelect } from '../form-select.tsx';
import { optionsFor } from '../labels.ts';

type Values = z.input<typeof invoiceInputSchema>;
type Output = z.output<typeof invoiceInputSchema>;
const today = () => new Date().toISOString().slice(0, 10);

/** Create an invoice for a company, or edit one. */
export function InvoiceDialog({
  customerId,
  invoice,
  onClose,
}: {
  customerId: string;
  invoice?: StaffInvoice;
  onClose: () => void;
}) {
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(invoiceInputSchema),
    defaultValues: invoice
      ? { ...invoice, paymentUrl: invoice.paymentUrl ?? '' }
      : {
          number: '',
          description: '',
          status: 'pending',
          issueDate: today(),
          dueDate: '',
          paymentUrl: '',
        },
  });
  const save = useStaffMutation<Output, StaffInvoice>({
    request: (body) =>
      invoice
        ? sendJson('PUT', staffUrl(`invoices/${invoice.id}`), body)
        : sendJson('POST', staffUrl(`customers/${customerId}/invoices`), body),
    success: invoice ? 'Invoice Updated' : 'Invoice Created',
    failure: 'Failed to save invoice. Please try again.',
    onSuccess: onClose,
  });
  const errors = form.formState.errors;
  return (
    <Dialog open onOpenChange={(open) => !open && !save.isPending && onClose()}>
      <DialogContent title={invoice ? `Edit ${invoice.number}` : 'New Invoice'}>
        <form
          noValidate
          className="grid items-start gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
        >
          <FormField label="Invoice number" required error={errors.number?.message}>
            <Input {...form.register('number')} />
          </FormField>
          <FormField label="Amount (USD)" required error={errors.amount?.message}>
            <Input
              type="number"
              step="0.01"
              min="0"
              {...form.register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField
            label="Description"
            required
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Input {...form.register('description')} />
          </FormField>
          <FormField label="Issue date" required error={errors.issueDate?.message}>
            <Input type="date" {...form.register('issueDate')} />
          </FormField>
          <FormField label="Due date" required error={errors.dueDate?.message}>
            <Input type="date" {...form.register('dueDate')} />
          </FormField>
          <FormSelect
            control={form.control}
            name="status"
            label="Status"
            required
            options={optionsFor(invoiceStatuses)}
            error={errors.status?.message}
          />
          <FormField label="Payment link" error={errors.paymentUrl?.message}>
            <Input type="url" placeholder="https://" {...form.register('paymentUrl')} />
          </FormField>
          <div className="flex justify-end gap-2 sm:col-span-2">
            <Button type="button" variant="secondary" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Invoice'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
