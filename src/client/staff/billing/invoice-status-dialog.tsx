import { invoiceInputSchema } from '../../../shared/schemas/invoices.ts';
import type { StaffInvoiceDocument } from '../../../shared/schemas/invoice-documents.ts';
import { statusOptions } from '../../../shared/status-labels.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';

/**
 * What may change on an issued invoice (ADR 066): the status the customer sees (marked overdue,
 * or paid by hand) and the payment link. Its lines, amount and dates are the document's and
 * are sent back unchanged; changing them is voiding it and drafting another.
 */
export function InvoiceStatusDialog({
  invoice,
  onClose,
}: {
  invoice: StaffInvoiceDocument;
  onClose: () => void;
}) {
  return (
    <FormDialog
      title={`Status of ${invoice.number}`}
      schema={invoiceInputSchema}
      defaultValues={{
        number: invoice.number,
        description: invoice.description,
        amount: invoice.amount,
        issueDate: invoice.issueDate,
        dueDate: invoice.dueDate,
        status: invoice.status,
        paymentUrl: invoice.paymentUrl ?? '',
      }}
      request={(body) => sendJson('PUT', staffUrl(`invoices/${invoice.id}`), body)}
      success="Invoice Updated"
      failure="Failed to save invoice. Please try again."
      submitLabel="Save Invoice"
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
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
