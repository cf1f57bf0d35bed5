import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import {
  Controller,
  type FieldPath,
  type FieldValues,
  type PathValue,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useWatch,
} from 'react-hook-form';
import { staffQueries } from '../lib/staff-queries.ts';
import { FormField } from '../ui/form-field.tsx';
import { Input } from '../ui/input.tsx';
import { Select } from '../ui/select.tsx';
import { Switch } from '../ui/switch.tsx';

/** Today as the date box's value: what a new time entry starts with. */
const today = () => new Date().toISOString().slice(0, 10);

/**
 * A new entry's day and hours. Hours as NaN, what an empty number box reads as: a reset then
 * empties the box too (left out, the box kept the last hours while the form held none).
 */
export const blankWorkHours = () => ({
  workDate: today(),
  hours: Number.NaN,
  agreementId: '',
  billable: true,
});

type Message = { message?: string } | undefined;

/** The day worked and its hours, as the company's time card and a ticket's Log Time ask them. */
export function WorkDateHoursFields({
  dateLabel,
  date,
  hours,
  errors,
}: {
  dateLabel: string;
  date: UseFormRegisterReturn;
  /** Registered with `valueAsNumber`. */
  hours: UseFormRegisterReturn;
  errors: { workDate?: Message; hours?: Message };
}) {
  return (
    <>
      <FormField label={dateLabel} required error={errors.workDate?.message}>
        <Input type="date" {...date} />
      </FormField>
      <FormField label="Hours" required error={errors.hours?.message}>
        <Input type="number" step="0.25" min="0" {...hours} />
      </FormField>
    </>
  );
}

/** The fields an entry's agreement and billable flag live in (the time card's, a ticket's). */
type AgreementFieldValues = { agreementId?: string | null; billable?: boolean };
const NO_AGREEMENT = 'none';

/**
 * Which of the company's active agreements the hours draw down, and whether they are billable
 * (ADR 071). With one active agreement it is chosen unless staff chose otherwise.
 */
export function AgreementBillableFields<T extends AgreementFieldValues & FieldValues>({
  form,
  companyId,
}: {
  form: UseFormReturn<T, unknown, unknown>;
  companyId: string;
}) {
  const list = useQuery(staffQueries.agreements(companyId));
  const active = (list.data ?? []).filter((a) => a.status === 'active');
  const only = active.length === 1 ? active[0]?.id : undefined;
  const agreementPath = 'agreementId' as FieldPath<T>;
  const { setValue, getFieldState } = form;
  const value: unknown = useWatch({ control: form.control, name: agreementPath });
  // Once staff pick for themselves (even "No agreement"), their pick stays after each entry.
  const picked = useRef(false);
  // Radix echoes a value set in code through its hidden native select as a change: only a
  // change made while the person is using the select (pointer or key, its menu included) is
  // theirs. An echo was read as a pick of "No agreement" under load (agreement-hours spec).
  const using = useRef(false);
  const touch = () => {
    using.current = true;
  };
  useEffect(() => {
    if (only && !value && !picked.current)
      setValue(agreementPath, only as PathValue<T, FieldPath<T>>);
  }, [only, value, agreementPath, setValue]);
  const error = getFieldState(agreementPath, form.formState).error?.message;
  return (
    <>
      <Controller
        control={form.control}
        name={agreementPath}
        render={({ field }) => (
          <div className="contents" onPointerDownCapture={touch} onKeyDownCapture={touch}>
            <FormField label="Agreement" error={error}>
              <Select
                value={typeof field.value === 'string' && field.value ? field.value : NO_AGREEMENT}
                // Radix's hidden native select answers '' when the value is set before its
                // option is there (the default chosen as the list arrives): not a choice.
                onValueChange={(v) => {
                  if (!v || !using.current) return;
                  picked.current = true;
                  field.onChange(v === NO_AGREEMENT ? '' : v);
                }}
                options={[
                  { value: NO_AGREEMENT, label: 'No agreement' },
                  ...active.map((a) => ({ value: a.id, label: a.name })),
                ]}
              />
            </FormField>
          </div>
        )}
      />
      <Controller
        control={form.control}
        name={'billable' as FieldPath<T>}
        render={({ field }) => (
          <FormField label="Billable">
            <Switch checked={field.value !== false} onCheckedChange={field.onChange} />
          </FormField>
        )}
      />
    </>
  );
}
