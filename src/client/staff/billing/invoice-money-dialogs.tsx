import type { z } from 'zod';
import {
  creditNoteInputSchema,
  paymentInputSchema,
  paymentMethodName,
  paymentMethods,
  voidInputSchema,
  type StaffInvoiceDocument,
} from '../../../shared/schemas/invoice-documents.ts';
import { formatAmount } from '../../../shared/money-format.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { amountStep } from './amount-step.ts';

// The writes against an invoice that take a form (ADR 066): a payment, a credit note, a void.
// The server refuses what is over the balance or in the future; the forms say the limits first.

const today = () => new Date().toISOString().slice(0, 10);
type Props = {
  invoice: StaffInvoiceDocument;
  onSaved: (doc: StaffInvoiceDocument) => void;
  onClose: () => void;
};

const post = (invoice: StaffInvoiceDocument, action: string) => (body: unknown) =>
  sendJson<StaffInvoiceDocument>('POST', staffUrl(`invoices/${invoice.id}/${action}`), body);

/** At most the balance, and no more decimals than the currency has. */
function AmountField({
  invoice,
  error,
  field,
}: {
  invoice: StaffInvoiceDocument;
  error?: string;
  field: object;
}) {
  return (
    <FormField label={`Amount (${invoice.currency})`} required error={error}>
      <Input
        type="number"
        step={amountStep(invoice.currency)}
        min="0"
        max={invoice.balance}
        {...field}
      />
    </FormField>
  );
}

const balanceNote = (invoice: StaffInvoiceDocument) =>
  `Balance ${formatAmount(invoice.balance, invoice.currency)}.`;

export function PaymentDialog({ invoice, onSaved, onClose }: Props) {
  return (
    <FormDialog<
      z.input<typeof paymentInputSchema>,
      z.output<typeof paymentInputSchema>,
      StaffInvoiceDocument
    >
      title={`Record Payment for ${invoice.number}`}
      description={`${balanceNote(invoice)} A payment received by hand; never more than the balance.`}
      schema={paymentInputSchema}
      defaultValues={{
        amount: invoice.balance,
        method: 'bank-transfer',
        reference: '',
        receivedOn: today(),
      }}
      request={post(invoice, 'payments')}
      success="Payment Recorded"
      failure="Failed to record the payment. Please try again."
      submitLabel="Record Payment"
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ register, control, formState: { errors } }) => (
        <>
          <AmountField
            invoice={invoice}
            error={errors.amount?.message}
            field={register('amount', { valueAsNumber: true })}
          />
          <FormSelect
            control={control}
            name="method"
            label="Method"
            required
            options={paymentMethods.map((m) => ({ value: m, label: paymentMethodName(m) }))}
            error={errors.method?.message}
          />
          <FormField label="Reference" error={errors.reference?.message}>
            <Input placeholder="Bank reference or cheque number" {...register('reference')} />
          </FormField>
          <FormField label="Received on" required error={errors.receivedOn?.message}>
            <Input type="date" max={today()} {...register('receivedOn')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}

export function CreditNoteDialog({ invoice, onSaved, onClose }: Props) {
  return (
    <FormDialog<
      z.input<typeof creditNoteInputSchema>,
      z.output<typeof creditNoteInputSchema>,
      StaffInvoiceDocument
    >
      title={`Add Credit Note to ${invoice.number}`}
      description={`${balanceNote(invoice)} The customer sees the reason on the invoice.`}
      schema={creditNoteInputSchema}
      defaultValues={{ amount: Number.NaN, reason: '', issuedOn: today() }}
      request={post(invoice, 'credit-notes')}
      success="Credit Note Added"
      failure="Failed to add the credit note. Please try again."
      submitLabel="Add Credit Note"
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <>
          <AmountField
            invoice={invoice}
            error={errors.amount?.message}
            field={register('amount', { valueAsNumber: true })}
          />
          <FormField label="Reason" required error={errors.reason?.message}>
            <Input {...register('reason')} />
          </FormField>
          <FormField label="Issued on" required error={errors.issuedOn?.message}>
            <Input type="date" max={today()} {...register('issuedOn')} />
          </FormField>
        </>
      )}
    </FormDialog>
  );
}

export function VoidDialog({ invoice, onSaved, onClose }: Props) {
  const issued = invoice.state !== 'draft';
  return (
    <FormDialog<
      z.input<typeof voidInputSchema>,
      z.output<typeof voidInputSchema>,
      StaffInvoiceDocument
    >
      title={`Void ${invoice.number}?`}
      description={
        issued
          ? 'The customer no longer sees it and is mailed that it is cancelled. A void invoice cannot be issued again: draft a new one.'
          : 'The draft is kept for the record and can no longer be issued.'
      }
      schema={voidInputSchema}
      defaultValues={{ reason: '' }}
      request={post(invoice, 'void')}
      success="Invoice Voided"
      failure="Failed to void the invoice. Please try again."
      submitLabel="Void Invoice"
      onSaved={onSaved}
      onClose={onClose}
    >
      {({ register, formState: { errors } }) => (
        <FormField label="Reason (kept for the record)" required error={errors.reason?.message}>
          <Input {...register('reason')} />
        </FormField>
      )}
    </FormDialog>
  );
}
