import { invoiceInputSchema, type StaffInvoice } from '../../../shared/schemas/invoices.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { statusOptions } from '../../../shared/status-labels.ts';

const today = () => new Date().toISOString().slice(0, 10);

/** Create an invoice for a company, or edit one. */
export function InvoiceDialog({
  companyId,
  invoice,
  onClose,
}: {
  companyId: string;
  invoice?: StaffInvoice;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={invoice ? `Edit ${invoice.number}` : 'New Invoice'}
      columns={2}
      schema={invoiceInputSchema}
      defaultValues={
        invoice
          ? { ...invoice, paymentUrl: invoice.paymentUrl ?? '' }
          : {
              number: '',
              description: '',
              status: 'pending',
              issueDate: today(),
              dueDate: '',
              paymentUrl: '',
            }
      }
      request={(body) =>
        invoice
          ? sendJson<StaffInvoice>('PUT', staffUrl(`invoices/${invoice.id}`), body)
          : sendJson<StaffInvoice>('POST', staffUrl(`customers/${companyId}/invoices`), body)
      }
      success={invoice ? 'Invoice Updated' : 'Invoice Created'}
      failure="Failed to save invoice. Please try again."
      submitLabel="Save Invoice"
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <FormField label="Invoice number" required error={errors.number?.message}>
            <Input {...register('number')} />
          </FormField>
          <FormField label="Amount (USD)" required error={errors.amount?.message}>
            <Input
              type="number"
              step="0.01"
              min="0"
              {...register('amount', { valueAsNumber: true })}
            />
          </FormField>
          <FormField
            label="Description"
            required
            error={errors.description?.message}
            className="sm:col-span-2"
          >
            <Input {...register('description')} />
          </FormField>
          <FormField label="Issue date" required error={errors.issueDate?.message}>
            <Input type="date" {...register('issueDate')} />
          </FormField>
          <FormField label="Due date" required error={errors.dueDate?.message}>
            <Input type="date" {...register('dueDate')} />
          </FormField>
          <FormSelect
            control={control}
            name="status"
            label="Status"
            required
            options={statusOptions('invoice')}
            error={errors.status?.message}
          />
          <FormField label="Payment link" error={errors.paymentUrl?.message}>
            <Input type="url" placeholder="https://" {...register('paymentUrl')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}
