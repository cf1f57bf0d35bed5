import { useState } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { agreementTermsLines } from '../../../shared/agreement-terms.ts';
import { decimalTotals } from '../../../shared/invoice-decimal-totals.ts';
import { agreementTermsSchema, type AgreementValues } from '../../../shared/schemas/agreements.ts';
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
import { AgreementDialog } from './agreement-dialog.tsx';
import { percentInput } from './line-inputs.ts';
import { emptyLine, LineRowsEditor, type LineRowLabels } from './line-rows-editor.tsx';

type Form = UseFormReturn<QuoteInput, unknown, QuoteValues>;

const inDays = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA');

/** A quote's line labels, as its editor has always named them (the browser tests read them). */
const quoteLineLabels: LineRowLabels = {
  description: (n) => `Line ${n} description`,
  taxRate: 'Tax %',
};

/** The agreement acceptance creates (ADR 073): its terms in words, set in the agreement's dialog. */
function AgreementPlanField({
  form,
  companyId,
  currency,
}: {
  form: Form;
  companyId: string;
  currency: string;
}) {
  const plan = useWatch({ control: form.control, name: 'agreementPlan' }) ?? null;
  const [editing, setEditing] = useState(false);
  const terms = plan && agreementTermsSchema.safeParse(plan);
  const set = (value: AgreementValues | null) =>
    form.setValue('agreementPlan', value, { shouldDirty: true });
  const error = form.formState.errors.agreementPlan;
  return (
    <section aria-label="Agreement on acceptance" className="grid gap-2 sm:col-span-2">
      <h3 className="text-sm font-medium text-slate-800">Agreement on acceptance</h3>
      {terms?.success ? (
        <ul className="list-disc pl-5 text-sm text-slate-700">
          {agreementTermsLines(terms.data, currency).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600">None: accepting starts no agreement.</p>
      )}
      {error && (
        <p className="text-sm text-red-700">
          {error.message ?? "The agreement's terms are not valid: change them."}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="secondary" size="sm" onClick={() => setEditing(true)}>
          {plan ? 'Change Agreement Terms' : 'Propose an Agreement'}
        </Button>
        {plan && (
          <Button type="button" variant="secondary" size="sm" onClick={() => set(null)}>
            Remove Agreement
          </Button>
        )}
      </div>
      {editing && (
        <AgreementDialog
          companyId={companyId}
          plan={terms?.success ? terms.data : null}
          onPlan={set}
          onClose={() => setEditing(false)}
        />
      )}
    </section>
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
    agreementPlan: quote?.agreementPlan ?? null,
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
            <LineRowsEditor form={form} currency={currency} labels={quoteLineLabels} />
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
            <AgreementPlanField form={form} companyId={companyId} currency={currency} />
          </>
        );
      }}
    </FormDialog>
  );
}
