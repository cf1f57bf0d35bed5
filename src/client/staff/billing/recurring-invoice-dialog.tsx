import { Plus, Trash2 } from 'lucide-react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import {
  recurringActionLabels,
  recurringActions,
  recurringCadenceLabels,
  recurringCadences,
  recurringInvoiceInputSchema,
  type RecurringInvoice,
  type RecurringInvoiceInput,
  type RecurringInvoiceValues,
} from '../../../shared/schemas/recurring-invoices.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { Button } from '../../ui/button.tsx';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { amountStep } from './amount-step.ts';
import { lineLabels, percentInput, quantityInput } from './line-inputs.ts';

type Form = UseFormReturn<RecurringInvoiceInput, unknown, RecurringInvoiceValues>;

const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
const localToday = () => new Date().toLocaleDateString('en-CA');
const dayOptions = Array.from({ length: 31 }, (_, i) => ({
  value: String(i + 1),
  label: i >= 28 ? `${i + 1} (or the month's last day)` : String(i + 1),
}));
const emptyLine = { description: '', quantity: 1, unitPrice: 0, taxRate: 0 };

/** The template's lines: each a row of its own fields, added and removed by keyboard too. */
function TemplateLines({ form, currency }: { form: Form; currency: string }) {
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
            className="grid grid-cols-2 items-end gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-[1fr_5rem_8.5rem_6rem_auto]"
          >
            <FormField
              label={lineLabels.description}
              required
              error={e?.description?.message}
              className="col-span-2 sm:col-span-1"
            >
              <Input {...register(`lines.${i}.description`)} />
            </FormField>
            <FormField label={lineLabels.quantity} required error={e?.quantity?.message}>
              <Input
                {...quantityInput}
                {...register(`lines.${i}.quantity`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField
              label={lineLabels.unitPrice(currency)}
              required
              error={e?.unitPrice?.message}
            >
              <Input
                type="number"
                step={amountStep(currency)}
                min="0"
                {...register(`lines.${i}.unitPrice`, { valueAsNumber: true })}
              />
            </FormField>
            <FormField label={lineLabels.taxRate} error={e?.taxRate?.message}>
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
      {errors?.root?.message && <p className="text-sm text-red-700">{errors.root.message}</p>}
      <div>
        <Button type="button" variant="secondary" size="sm" onClick={() => append(emptyLine)}>
          <Plus className="h-4 w-4" aria-hidden /> Add Line
        </Button>
      </div>
    </fieldset>
  );
}

/** Create a company's recurring invoice (no `schedule`) or change one (ADR 068). */
export function RecurringInvoiceDialog({
  companyId,
  currency,
  schedule,
  onClose,
}: {
  companyId: string;
  /** The company's, which the template's prices are in. */
  currency: string;
  schedule?: RecurringInvoice;
  onClose: () => void;
}) {
  const defaults: RecurringInvoiceInput = {
    name: schedule?.name ?? '',
    discount: schedule?.discount ?? 0,
    lines: schedule?.lines.map((l) => ({
      description: l.description,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      taxRate: l.taxRate,
      projectId: l.projectId,
      // Kept as they came: the editor has no picker for either, and saving must not drop them.
      agreementId: l.agreementId,
    })) ?? [emptyLine],
    cadence: schedule?.cadence ?? 'monthly',
    runDay: String(schedule?.runDay ?? 1),
    timeZone: schedule?.timeZone ?? browserZone(),
    paymentTermsDays: schedule?.paymentTermsDays ?? 30,
    action: schedule?.action ?? 'issue-and-mail',
    startsOn: schedule?.startsOn ?? localToday(),
    endsOn: schedule?.endsOn ?? '',
  };
  return (
    <FormDialog
      title={schedule ? 'Edit Recurring Invoice' : 'New Recurring Invoice'}
      description="An invoice made from these lines once every period, at midnight of its run day in the time zone."
      className="sm:max-w-3xl"
      columns={2}
      schema={recurringInvoiceInputSchema}
      defaultValues={defaults}
      request={(body) =>
        schedule
          ? sendJson<RecurringInvoice>('PUT', staffUrl(`recurring-invoices/${schedule.id}`), body)
          : sendJson<RecurringInvoice>(
              'POST',
              staffUrl(`customers/${companyId}/recurring-invoices`),
              body,
            )
      }
      success={schedule ? 'Recurring Invoice Updated' : 'Recurring Invoice Created'}
      failure="Failed to save the recurring invoice. Please try again."
      submitLabel="Save"
      onClose={onClose}
    >
      {(form) => {
        const {
          register,
          control,
          formState: { errors },
        } = form;
        return (
          <>
            <FormField label="Name" required error={errors.name?.message} className="sm:col-span-2">
              <Input placeholder="e.g. Managed services retainer" {...register('name')} />
            </FormField>
            <TemplateLines form={form} currency={currency} />
            <FormField label={lineLabels.discount} error={errors.discount?.message}>
              <Input {...percentInput} {...register('discount', { valueAsNumber: true })} />
            </FormField>
            <FormField
              label="Payment terms (days)"
              required
              error={errors.paymentTermsDays?.message}
            >
              <Input
                type="number"
                min="0"
                max="365"
                {...register('paymentTermsDays', { valueAsNumber: true })}
              />
            </FormField>
            <FormSelect
              control={control}
              name="cadence"
              label="Repeats"
              required
              options={recurringCadences.map((c) => ({
                value: c,
                label: recurringCadenceLabels[c],
              }))}
              error={errors.cadence?.message}
            />
            <FormSelect
              control={control}
              name="runDay"
              label="Run day"
              required
              options={dayOptions}
              error={errors.runDay?.message}
            />
            <FormField label="Time zone" required error={errors.timeZone?.message}>
              <Input placeholder="e.g. Europe/Berlin" {...register('timeZone')} />
            </FormField>
            <FormSelect
              control={control}
              name="action"
              label="Each run"
              required
              options={recurringActions.map((a) => ({ value: a, label: recurringActionLabels[a] }))}
              error={errors.action?.message}
            />
            <FormField label="Starts on" required error={errors.startsOn?.message}>
              <Input type="date" {...register('startsOn')} />
            </FormField>
            <FormField label="Ends on" error={errors.endsOn?.message}>
              <Input type="date" {...register('endsOn')} />
            </FormField>
          </>
        );
      }}
    </FormDialog>
  );
}
