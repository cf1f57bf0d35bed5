import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import { decimalTotals } from '../../../shared/invoice-decimal-totals.ts';
import {
  quoteInputSchema,
  type Quote,
  type QuoteInput,
  type QuoteValues,
} from '../../../shared/schemas/quotes.ts';
import { InvoiceTotalsList } from '../../invoices/invoice-breakdown.tsx';
import { staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input, Textarea } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { amountStep } from './amount-step.ts';
import { percentInput, quantityInput } from './line-inputs.ts';

type Form = UseFormReturn<QuoteInput, unknown, QuoteValues>;

const emptyLine = { description: '', quantity: 1, unitPrice: 0, taxRate: 0 };
const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');

function QuoteLines({ form, currency }: { form: Form; currency: string }) {
  const { register, control, formState } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'lines' });
  const errors = formState.errors.lines;
  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Lines</legend>
      {fields.map((field, i) => {
        const e = errors?.[i];
        const n = i + 1;
        return (
          <div
            key={field.id}
            role="group"
            aria-label={`Line ${n}`}
            className="grid grid-cols-2 gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_5rem_9rem_5rem_auto]"
          >
            <FormField
              label={`Line ${n} description`}
              required
              error={e?.description?.message}
              className="col-span-2 sm:col-span-1"
            >
              <Input {...register(`lines.${i}.description`)} />
            </FormField>
            <FormField label="Quantity" required error={e?.quantity?.message}>
              <Input
                {...quantityInput}
                {...register(`lines.${i}.quantity`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField label={`Unit price (${currency})`} required error={e?.unitPrice?.message}>
              <Input
                type="number"
                step={amountStep(currency)}
                min="0"
                {...register(`lines.${i}.unitPrice`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField label="Tax %" error={e?.taxRate?.message}>
              <Input
                {...percentInput}
                {...register(`lines.${i}.taxRate`, { valueAsNumber: true })}
              />
            </FormField>
            <div className="flex items-end">
              <Button
                type="button"
                variant="secondary"
                size="sm"
                disabled={fields.length === 1}
                onClick={() => remove(i)}
                aria-label={`Remove line ${n}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            </div>
          </div>
        );
      })}
      {errors?.message && <p className="text-sm text-red-700">{errors.message}</p>}
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => append(emptyLine)}>
          <Plus className="h-4 w-4" aria-hidden /> Add Line
        </Button>
      </div>
    </fieldset>
  );
}

/** The totals as the server will store them, while the lines are typed (the one totals module). */
function LiveTotals({ form, currency }: { form: Form; currency: string }) {
  const lines = useWatch({ control: form.control, name: 'lines' });
  const discount = useWatch({ control: form.control, name: 'discount' }) ?? 0;
  const safeDiscount = Number.isNaN(discount) ? 0 : discount;
  const totals = decimalTotals(
    lines.map((l) => ({ quantity: l.quantity, unitPrice: l.unitPrice, taxRate: l.taxRate ?? 0 })),
    safeDiscount,
    currency,
  );
  return (
    <section
      aria-label="Quote totals"
      aria-live="polite"
      className="rounded-md bg-slate-50 p-3 sm:col-span-2"
    >
      {totals ? (
        <InvoiceTotalsList totals={totals} discountPercent={safeDiscount} currency={currency} />
      ) : (
        <p className="text-sm text-slate-600">Totals show once every line has a price.</p>
      )}
    </section>
  );
}

/** Create a company's draft quote (no `quote`) or change a draft (ADR 072). */
export function QuoteDialog({
  companyId,
  currency,
  quote,
  onClose,
}: {
  companyId: string;
  currency: string;
  quote?: Quote;
  onClose: () => void;
}) {
  const defaults: QuoteInput = {
    title: quote?.title ?? '',
    discount: quote?.discountRate ?? 0,
    lines: quote?.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
    })) ?? [emptyLine],
    terms: quote?.terms ?? '',
    validUntil: quote?.validUntil ?? inDays(30),
    projectName: quote?.projectName ?? '',
    createInvoice: quote?.createInvoice ?? true,
  };
  return (
    <FormDialog
      title={quote ? `Edit Quote ${quote.number}` : 'New Quote'}
      description="A draft the customer sees once it is sent; a sent quote is frozen."
      className="sm:max-w-3xl"
      columns={2}
      schema={quoteInputSchema}
      defaultValues={defaults}
      request={(body) =>
        quote
          ? sendJson<Quote>('PUT', staffUrl(`quotes/${quote.id}`), body)
          : sendJson<Quote>('POST', staffUrl(`customers/${companyId}/quotes`), body)
      }
      success={quote ? 'Quote Updated' : 'Quote Created'}
      failure="Failed to save the quote. Please try again."
      submitLabel="Save Draft"
      onClose={onClose}
    >
      {(form) => {
        const { register, formState } = form;
        const errors = formState.errors;
        return (
          <>
            <FormField
              label="Title"
              required
              error={errors.title?.message}
              className="sm:col-span-2"
            >
              <Input placeholder="e.g. Office network refresh" {...register('title')} />
            </FormField>
            <QuoteLines form={form} currency={currency} />
            <FormField label="Discount %" error={errors.discount?.message}>
              <Input {...percentInput} {...register('discount', { valueAsNumber: true })} />
            </FormField>
            <FormField label="Valid until" required error={errors.validUntil?.message}>
              <Input type="date" {...register('validUntil')} />
            </FormField>
            <LiveTotals form={form} currency={currency} />
            <FormField label="Terms" error={errors.terms?.message} className="sm:col-span-2">
              <Textarea rows={4} {...register('terms')} />
            </FormField>
            <FormField
              label="Project to start on acceptance (empty: none)"
              error={errors.projectName?.message}
            >
              <Input {...register('projectName')} />
            </FormField>
            <label className="flex items-center gap-2 self-end pb-2 text-sm text-slate-800">
              <input type="checkbox" {...register('createInvoice')} />
              Draft an invoice of these lines on acceptance
            </label>
          </>
        );
      }}
    </FormDialog>
  );
}
