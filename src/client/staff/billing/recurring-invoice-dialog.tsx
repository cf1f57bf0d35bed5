import {
  recurringActionLabels,
  recurringActions,
  recurringCadenceLabels,
  recurringCadences,
  recurringInvoiceInputSchema,
  type RecurringInvoice,
  type RecurringInvoiceInput,
} from '../../../shared/schemas/recurring-invoices.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { lineLabels, percentInput } from './line-inputs.ts';
import { emptyLine, LineRowsEditor } from './line-rows-editor.tsx';
import { browserZone, DateRangeFields, localToday, TimeZoneField } from './period-fields.tsx';

const dayOptions = Array.from({ length: 31 }, (_, i) => ({
  value: String(i + 1),
  label: i >= 28 ? `${i + 1} (or the month's last day)` : String(i + 1),
}));

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
            <LineRowsEditor form={form} currency={currency} />
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
            <TimeZoneField form={form} placeholder="e.g. Europe/Berlin" />
            <FormSelect
              control={control}
              name="action"
              label="Each run"
              required
              options={recurringActions.map((a) => ({ value: a, label: recurringActionLabels[a] }))}
              error={errors.action?.message}
            />
            <DateRangeFields form={form} />
          </>
        );
      }}
    </FormDialog>
  );
}
