import { useState } from 'react';
import { useFieldArray, useWatch, type Control, type UseFormReturn } from 'react-hook-form';
import { Clock, Plus, Trash2 } from 'lucide-react';
import type { z } from 'zod';
import { amountStep } from './amount-step.ts';
import { LineAgreementSelect } from './line-agreement-select.tsx';
import { lineLabels, percentInput, quantityInput } from './line-inputs.ts';
import type { TimeLine } from './time-lines.ts';
import { UnbilledTimeDialog } from './unbilled-time-dialog.tsx';
import { decimalTotals } from '../../../shared/invoice-decimal-totals.ts';
import {
  invoiceDraftInputSchema,
  type StaffInvoiceDocument,
} from '../../../shared/schemas/invoice-documents.ts';
import { InvoiceTotalsList } from '../../invoices/invoice-breakdown.tsx';
import { staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { NO_PROJECT, ProjectPicker, projectIdOf } from '../project-picker.tsx';

type Values = z.input<typeof invoiceDraftInputSchema>;
type Form = UseFormReturn<Values, unknown, z.output<typeof invoiceDraftInputSchema>>;

const day = (offset = 0) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
// Numbers as NaN, what an empty number box reads as, so "Unit price is required" shows.
const blankLine = () => ({
  description: '',
  quantity: 1,
  unitPrice: Number.NaN,
  taxRate: 0,
  projectId: null,
  agreementId: null,
  timeEntryIds: [],
});

const valuesOf = (doc: StaffInvoiceDocument): Values => ({
  number: doc.number,
  description: doc.description,
  issueDate: doc.issueDate,
  dueDate: doc.dueDate,
  paymentUrl: doc.paymentUrl ?? '',
  discount: doc.discountRate,
  lines: doc.lines.map((l) => ({
    description: l.description,
    quantity: l.quantity,
    unitPrice: l.unitPrice,
    taxRate: l.taxRate,
    projectId: l.projectId,
    agreementId: l.agreementId,
    // Sent back as they came, so saving keeps the line's hours billed (ADR 066 addendum).
    timeEntryIds: l.timeEntryIds,
  })),
});

/**
 * A new draft with lines, or a draft edited (ADR 066): the totals update as lines are typed,
 * reckoned as the server will (shared/invoice-decimal-totals.ts). The customer sees nothing
 * until the draft is issued.
 */
export function InvoiceDraftDialog({
  companyId,
  currency,
  draft,
  onSaved,
  onClose,
}: {
  companyId: string;
  currency: string;
  draft?: StaffInvoiceDocument;
  onSaved?: (doc: StaffInvoiceDocument) => void;
  onClose: () => void;
}) {
  // The picker shows a project's name: known for the draft's lines, learnt as one is chosen.
  const [projectNames, setProjectNames] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      (draft?.lines ?? []).flatMap((l) =>
        l.projectId ? [[l.projectId, l.projectName ?? 'Project']] : [],
      ),
    ),
  );
  return (
    <FormDialog
      title={draft ? `Edit Draft ${draft.number}` : 'New Invoice'}
      description={`A draft in ${currency}; the customer sees it once it is issued.`}
      className="max-w-3xl"
      schema={invoiceDraftInputSchema}
      defaultValues={
        draft
          ? valuesOf(draft)
          : {
              number: '',
              description: '',
              issueDate: day(),
              dueDate: day(30),
              paymentUrl: '',
              discount: 0,
              lines: [blankLine()],
            }
      }
      request={(body) =>
        draft
          ? sendJson<StaffInvoiceDocument>('PUT', staffUrl(`invoices/${draft.id}/draft`), body)
          : sendJson<StaffInvoiceDocument>(
              'POST',
              staffUrl(`customers/${companyId}/invoice-drafts`),
              body,
            )
      }
      success="Draft Saved"
      failure="Failed to save the draft. Please try again."
      submitLabel="Save Draft"
      onSaved={onSaved}
      onClose={onClose}
    >
      {(form) => (
        <DraftFields
          form={form}
          companyId={companyId}
          currency={currency}
          projectNames={projectNames}
          onProjectName={(id, name) => setProjectNames((names) => ({ ...names, [id]: name }))}
        />
      )}
    </FormDialog>
  );
}

function DraftFields({
  form,
  companyId,
  currency,
  projectNames,
  onProjectName,
}: {
  form: Form;
  companyId: string;
  currency: string;
  projectNames: Record<string, string>;
  onProjectName: (id: string, name: string) => void;
}) {
  const { register, control, setValue, formState } = form;
  const errors = formState.errors;
  const lines = useFieldArray({ control, name: 'lines' });
  // Watched, so choosing "No project" redraws the picker as choosing a project does.
  const typed = useWatch({ control, name: 'lines' });
  const step = amountStep(currency);
  const [addingTime, setAddingTime] = useState(false);
  const onDraft = new Set(typed.flatMap((l) => l.timeEntryIds ?? []));
  const addTime = (added: TimeLine[], names: Record<string, string>) => {
    for (const [id, name] of Object.entries(names)) onProjectName(id, name);
    // The untouched blank line a new draft opens with gives way to the hours.
    const [only] = typed;
    if (typed.length === 1 && only && !only.description && Number.isNaN(only.unitPrice))
      lines.replace(added);
    else lines.append(added);
    setAddingTime(false);
  };
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField label="Invoice number" required error={errors.number?.message}>
          <Input {...register('number')} />
        </FormField>
        <FormField label={lineLabels.discount} error={errors.discount?.message}>
          <Input {...percentInput} {...register('discount', { valueAsNumber: true })} />
        </FormField>
        <FormField label="Issue date" required error={errors.issueDate?.message}>
          <Input type="date" {...register('issueDate')} />
        </FormField>
        <FormField label="Due date" required error={errors.dueDate?.message}>
          <Input type="date" {...register('dueDate')} />
        </FormField>
        <FormField
          label="Description (the customer reads it)"
          required
          error={errors.description?.message}
          className="sm:col-span-2"
        >
          <Input {...register('description')} />
        </FormField>
        <FormField
          label="Payment link"
          error={errors.paymentUrl?.message}
          className="sm:col-span-2"
        >
          <Input type="url" placeholder="https://" {...register('paymentUrl')} />
        </FormField>
      </div>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">Lines</legend>
        {lines.fields.map((field, i) => {
          const lineErrors = errors.lines?.[i];
          const projectId = typed[i]?.projectId ?? null;
          const agreementId = typed[i]?.agreementId ?? null;
          const billed = typed[i]?.timeEntryIds?.length ?? 0;
          return (
            <div
              key={field.id}
              role="group"
              aria-label={`Line ${i + 1}`}
              className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-6"
            >
              <FormField
                label={lineLabels.description}
                required
                error={lineErrors?.description?.message}
                className="sm:col-span-6"
              >
                <Input {...register(`lines.${i}.description`)} />
              </FormField>
              <FormField
                label={lineLabels.quantity}
                required
                error={lineErrors?.quantity?.message}
                className="sm:col-span-2"
              >
                <Input
                  {...quantityInput}
                  {...register(`lines.${i}.quantity`, { valueAsNumber: true })}
                />
              </FormField>
              <FormField
                label={lineLabels.unitPrice(currency)}
                required
                error={lineErrors?.unitPrice?.message}
                className="sm:col-span-2"
              >
                <Input
                  type="number"
                  step={step}
                  min="0"
                  {...register(`lines.${i}.unitPrice`, { valueAsNumber: true })}
                />
              </FormField>
              <FormField
                label={lineLabels.taxRate}
                error={lineErrors?.taxRate?.message}
                className="sm:col-span-2"
              >
                <Input
                  {...percentInput}
                  {...register(`lines.${i}.taxRate`, { valueAsNumber: true })}
                />
              </FormField>
              <FormField
                label="Project"
                error={lineErrors?.projectId?.message}
                className="sm:col-span-3"
              >
                <ProjectPicker
                  companyId={companyId}
                  chosen={
                    projectId
                      ? { value: projectId, label: projectNames[projectId] ?? 'Project' }
                      : NO_PROJECT
                  }
                  onChange={(option) => {
                    const id = projectIdOf(option);
                    if (id) onProjectName(id, option.label);
                    setValue(`lines.${i}.projectId`, id, { shouldDirty: true });
                  }}
                  className="sm:w-full"
                />
              </FormField>
              <FormField
                label="Agreement"
                error={lineErrors?.agreementId?.message}
                className="sm:col-span-3"
              >
                <LineAgreementSelect
                  companyId={companyId}
                  value={agreementId}
                  onChange={(id) => setValue(`lines.${i}.agreementId`, id, { shouldDirty: true })}
                />
              </FormField>
              {billed > 0 && (
                <p className="text-sm text-slate-600 sm:col-span-6">
                  Bills {billed === 1 ? '1 time entry' : `${billed} time entries`}; removing the
                  line frees them.
                </p>
              )}
              <div className="flex items-end sm:col-span-2 sm:col-start-5">
                <Button
                  type="button"
                  variant="secondary"
                  className="w-full"
                  disabled={lines.fields.length === 1}
                  onClick={() => lines.remove(i)}
                  aria-label={`Remove line ${i + 1}`}
                >
                  <Trash2 className="h-4 w-4" aria-hidden />
                  Remove
                </Button>
              </div>
            </div>
          );
        })}
        {errors.lines?.message && <p className="text-sm text-red-700">{errors.lines.message}</p>}
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" onClick={() => lines.append(blankLine())}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Line
          </Button>
          <Button type="button" variant="secondary" onClick={() => setAddingTime(true)}>
            <Clock className="h-4 w-4" aria-hidden />
            Add Unbilled Time
          </Button>
        </div>
      </fieldset>
      {addingTime && (
        <UnbilledTimeDialog
          companyId={companyId}
          currency={currency}
          onDraft={onDraft}
          onAdd={addTime}
          onClose={() => setAddingTime(false)}
        />
      )}

      <LiveTotals control={control} currency={currency} />
    </>
  );
}

/** The totals as they stand while lines are typed; a note while a line is incomplete. */
function LiveTotals({ control, currency }: { control: Control<Values>; currency: string }) {
  const lines = useWatch({ control, name: 'lines' });
  const discount = useWatch({ control, name: 'discount' }) ?? 0;
  const totals = decimalTotals(
    lines.map((l) => ({
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate ?? 0,
    })),
    Number.isNaN(discount) ? 0 : discount,
    currency,
  );
  return (
    <section aria-label="Draft totals" aria-live="polite" className="rounded-md bg-slate-50 p-3">
      {totals ? (
        <InvoiceTotalsList totals={totals} discountPercent={discount} currency={currency} />
      ) : (
        <p className="text-sm text-slate-600">Totals show once every line has a price.</p>
      )}
    </section>
  );
}
