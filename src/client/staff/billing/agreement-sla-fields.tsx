// The SLA targets an agreement promises (ADR 073): per priority, none (the company's apply) or
// its own first response and resolution, typed in business hours as on the company's SLA card
// and kept in minutes, the unit the server checks.
import { useState } from 'react';
import { Controller, useWatch, type UseFormReturn } from 'react-hook-form';
import type { AgreementInput, AgreementValues } from '../../../shared/schemas/agreements.ts';
import { defaultSlaTargets, type SlaTarget } from '../../../shared/schemas/sla.ts';
import { ticketPriorities } from '../../../shared/schemas/tickets.ts';
import { statusLabel } from '../../../shared/status-labels.ts';
import { FormField } from '../../ui/form-field.tsx';
import { Input } from '../../ui/input.tsx';

type Form = UseFormReturn<AgreementInput, unknown, AgreementValues>;

const toHours = (minutes: number) =>
  Number.isNaN(minutes) ? '' : String(Math.round((minutes / 60) * 100) / 100);

/** Hours as typed (the text kept, so "1." stays while typing), minutes in the form. */
function HoursInput({
  minutes,
  onChange,
  ...aria
}: {
  minutes: number;
  onChange: (minutes: number) => void;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
  'aria-required'?: boolean;
}) {
  const [text, setText] = useState(() => toHours(minutes));
  return (
    <Input
      {...aria}
      type="number"
      inputMode="decimal"
      min={0.25}
      step={0.25}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(e.target.value === '' ? Number.NaN : Math.round(Number(e.target.value) * 60));
      }}
    />
  );
}

const kinds = [
  ['firstResponseMinutes', 'first response'],
  ['resolutionMinutes', 'resolution'],
] as const;

export function AgreementSlaFields({ form }: { form: Form }) {
  const targets = useWatch({ control: form.control, name: 'slaTargets' }) ?? [];
  const errors = form.formState.errors.slaTargets;
  const toggle = (priority: SlaTarget['priority'], on: boolean) => {
    const kept = targets.filter((t) => t.priority !== priority);
    // The help desk's defaults name every priority (shared/schemas/sla.ts), so one is always found.
    const start = defaultSlaTargets.find((d) => d.priority === priority)!;
    const next = on ? [...kept, { ...start }] : kept;
    // In the priorities' order, so each row's index (and its error) stays put.
    next.sort(
      (a, b) => ticketPriorities.indexOf(a.priority) - ticketPriorities.indexOf(b.priority),
    );
    form.setValue('slaTargets', next, { shouldDirty: true });
  };
  return (
    <fieldset className="grid gap-3 sm:col-span-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">SLA targets</legend>
      <p className="text-sm text-slate-600">
        In business hours. While this agreement is active, tickets the company opens on the days it
        covers get these targets; a priority left off uses the company&apos;s.
      </p>
      {ticketPriorities.map((priority) => {
        const i = targets.findIndex((t) => t.priority === priority);
        const label = statusLabel('priority', priority);
        const e = i >= 0 ? errors?.[i] : undefined;
        return (
          <div
            key={priority}
            role="group"
            aria-label={`${label} priority targets`}
            className="grid items-start gap-2 rounded-md border border-slate-200 p-3 sm:grid-cols-2"
          >
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800 sm:col-span-2">
              <input
                type="checkbox"
                className="h-4 w-4"
                checked={i >= 0}
                onChange={(event) => toggle(priority, event.target.checked)}
              />
              {label}
            </label>
            {i >= 0 &&
              kinds.map(([kind, what]) => (
                <Controller
                  key={`${priority}-${kind}`}
                  control={form.control}
                  name={`slaTargets.${i}.${kind}`}
                  render={({ field }) => (
                    <FormField
                      label={`${label}: ${what} (business hours)`}
                      required
                      error={e?.[kind]?.message}
                    >
                      <HoursInput minutes={field.value ?? Number.NaN} onChange={field.onChange} />
                    </FormField>
                  )}
                />
              ))}
          </div>
        );
      })}
      {errors?.message && <p className="text-sm text-red-700">{errors.message}</p>}
      {errors?.root?.message && <p className="text-sm text-red-700">{errors.root.message}</p>}
    </fieldset>
  );
}
