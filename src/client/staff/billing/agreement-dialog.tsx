import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  agreementInputSchema,
  agreementTypeLabels,
  agreementTypes,
  type Agreement,
  type AgreementInput,
  type AgreementTerms,
  type AgreementValues,
} from '../../../shared/schemas/agreements.ts';
import { serviceIndex } from '../../../shared/service-index.ts';
import { staffUrl } from '../../lib/staff-queries.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';
import { sendJson } from '../api.ts';
import { FormDialog } from '../form-dialog.tsx';
import { FormSelect } from '../form-select.tsx';
import { AgreementSlaFields } from './agreement-sla-fields.tsx';
import { browserZone, DateRangeFields, localToday, TimeZoneField } from './period-fields.tsx';

/** An empty number box is "none" (null), not NaN: T&M has no hours, a cap may be absent. */
const optionalNumber = (v: unknown) => (v === '' || v === null ? null : Number(v));

/** The services it covers: a checkbox per service of the site's list. */
function ServiceChoices({ field }: { field: UseFormRegisterReturn }) {
  return (
    <fieldset className="grid gap-2 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">Services covered</legend>
      <div className="grid gap-1 sm:grid-cols-2">
        {serviceIndex.map((s) => (
          <label key={s.slug} className="flex items-center gap-2 text-sm text-slate-700">
            <input type="checkbox" value={s.slug} className="h-4 w-4" {...field} />
            {s.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/**
 * Create a company's agreement (no `agreement`) or change one (ADR 071); with `onPlan`, set the
 * terms of the agreement a quote proposes (ADR 073), checked by the same schema, saving nothing.
 */
export function AgreementDialog({
  companyId,
  agreement: saved,
  plan,
  onPlan,
  onClose,
}: {
  companyId: string;
  agreement?: Agreement;
  /** The terms a quote proposes so far. */
  plan?: AgreementTerms | null;
  onPlan?: (terms: AgreementValues) => void;
  onClose: () => void;
}) {
  const agreement = saved ?? plan ?? undefined;
  const defaults: AgreementInput = {
    name: agreement?.name ?? '',
    type: agreement?.type ?? 'retainer',
    startsOn: agreement?.startsOn ?? localToday(),
    endsOn: agreement?.endsOn ?? '',
    hours: agreement?.hours ?? null,
    rolloverMonths: agreement?.rolloverMonths ?? 0,
    rolloverCap: agreement?.rolloverCap ?? null,
    hourlyRate: agreement?.hourlyRate ?? 0,
    overageRate: agreement?.overageRate ?? 0,
    timeZone: agreement?.timeZone ?? browserZone(),
    services: agreement?.services ?? [],
    slaTargets: agreement?.slaTargets ?? [],
  };
  return (
    <FormDialog
      title={onPlan ? 'Agreement on Acceptance' : saved ? 'Edit Agreement' : 'New Agreement'}
      description="Hours a retainer includes each calendar month (in the time zone) or a prepaid block holds; time logged on it draws them down."
      className="sm:max-w-2xl"
      columns={2}
      schema={agreementInputSchema}
      defaultValues={defaults}
      request={async (body: AgreementValues) => {
        if (onPlan) return onPlan(body);
        return saved
          ? sendJson<Agreement>('PUT', staffUrl(`agreements/${saved.id}`), body)
          : sendJson<Agreement>('POST', staffUrl(`customers/${companyId}/agreements`), body);
      }}
      success={onPlan ? 'Agreement Terms Set' : saved ? 'Agreement Updated' : 'Agreement Created'}
      failure="Failed to save the agreement. Please try again."
      submitLabel={onPlan ? 'Set Terms' : 'Save'}
      onClose={onClose}
    >
      {(form) => {
        const {
          register,
          control,
          watch,
          formState: { errors },
        } = form;
        const type = watch('type');
        return (
          <>
            <FormField label="Name" required error={errors.name?.message} className="sm:col-span-2">
              <Input placeholder="e.g. Managed help desk retainer" {...register('name')} />
            </FormField>
            <FormSelect
              control={control}
              name="type"
              label="Type"
              required
              options={agreementTypes.map((t) => ({ value: t, label: agreementTypeLabels[t] }))}
              error={errors.type?.message}
            />
            {type !== 'time-and-materials' && (
              <FormField
                label={type === 'retainer' ? 'Hours per month' : 'Hours in the block'}
                required
                error={errors.hours?.message}
              >
                <Input
                  type="number"
                  step="0.25"
                  min="0"
                  {...register('hours', { setValueAs: optionalNumber })}
                />
              </FormField>
            )}
            {type === 'retainer' && (
              <>
                <FormField
                  label="Unused hours roll over (months)"
                  error={errors.rolloverMonths?.message}
                >
                  <Input
                    type="number"
                    min="0"
                    max="12"
                    {...register('rolloverMonths', { valueAsNumber: true })}
                  />
                </FormField>
                <FormField label="Rollover cap (hours)" error={errors.rolloverCap?.message}>
                  <Input
                    type="number"
                    step="0.25"
                    min="0"
                    placeholder="No cap"
                    {...register('rolloverCap', { setValueAs: optionalNumber })}
                  />
                </FormField>
              </>
            )}
            <FormField label="Hourly rate" required error={errors.hourlyRate?.message}>
              <Input
                type="number"
                step="0.01"
                min="0"
                {...register('hourlyRate', { valueAsNumber: true })}
              />
            </FormField>
            <FormField label="Overage rate" required error={errors.overageRate?.message}>
              <Input
                type="number"
                step="0.01"
                min="0"
                {...register('overageRate', { valueAsNumber: true })}
              />
            </FormField>
            <DateRangeFields form={form} />
            <TimeZoneField form={form} placeholder="e.g. America/Chicago" />
            <ServiceChoices field={register('services')} />
            <AgreementSlaFields form={form} />
          </>
        );
      }}
    </FormDialog>
  );
}
